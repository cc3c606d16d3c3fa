// The locale codes of the i18n plugin's ISO list (@strapi/i18n 5.54, server/constants/iso-locales.json): the codes its
// `I18NLocaleCode` scalar accepts in a literal, configured on the site or not.

/** Every code of the list, in its order. */
export const ISO_LOCALE_CODES: ReadonlySet<string> = new Set(`
ab ady af af-NA af-ZA agq agq-CM ak ak-GH sq sq-AL am am-ET aig ar ar-DZ ar-BH ar-EG ar-IQ ar-JO ar-KW ar-LB ar-LY ar-MA
ar-OM ar-QA ar-SA ar-SD ar-SY ar-TN ar-AE ar-001 ar-YE hy hy-AM as as-IN ast ast-ES asa asa-TZ az az-Cyrl az-Cyrl-AZ
az-Latn az-Latn-AZ kbd ksf ksf-CM bah bm bm-ML bas bas-CM eu eu-ES be be-BY bem bem-ZM bez bez-TZ bn bn-BD bn-IN brx
brx-IN bs bs-BA bs-Cyrl bs-Cyrl-BA bs-Latn bs-Latn-BA br br-FR bg bg-BG my my-MM ca ca-ES ckb kmr sdh tzm tzm-Latn
tzm-Latn-MA chr chr-US ny cgg cgg-UG zh zh-Hans zh-CN zh-Hans-CN zh-Hans-HK zh-Hans-MO zh-Hans-SG zh-Hant zh-Hant-HK
zh-Hant-MO zh-Hant-TW swc swc-CD kw kw-GB co co-FR hr hr-HR cs cs-CZ da da-DK dwr dua dua-CM dv nl nl-AW nl-BE nl-CW
nl-NL nl-SX ebu ebu-KE en en-AI en-AS en-AU en-AT en-BB en-BE en-BZ en-BM en-BW en-IO en-BI en-CM en-CA en-KY en-CX
en-CC en-CK en-CY en-DK en-DG en-DM en-EG en-ER en-EU en-FK en-FJ en-FI en-GM en-DE en-GH en-GI en-GD en-GU en-GG en-GY
en-HK en-IN en-IE en-IM en-IL en-JM en-JP en-JE en-KE en-KI en-KW en-LS en-MO en-MG en-MM en-MW en-MY en-MT en-MH en-MU
en-FM en-MS en-NA en-NR en-NL en-NZ en-NG en-NU en-NF en-MP en-NO en-PA en-PK en-PW en-PG en-PH en-PN en-PR en-RW en-WS
en-SA en-SC en-SL en-SG en-SX en-SI en-SB en-SS en-SH en-KN en-LC svc vic en-SD en-SZ en-SE en-CH en-TZ en-TK en-TO
en-TT en-TV en-ZA en-AE en-UM en-VI en-US-POSIX en-UG en-GB en-US en-VU en-ZM en-ZW eo et et-EE ee ee-GH ee-TG ewo
ewo-CM fo fo-FO fil fil-PH fi fi-FI fr fr-BE fr-BJ fr-BF fr-BI fr-CM fr-CA fr-CF fr-TD fr-KM fr-CG fr-CD fr-CI fr-DJ
fr-GQ fr-FR fr-GF fr-GA fr-GP fr-GN fr-LU fr-MG fr-ML fr-MQ fr-YT fr-MC fr-NE fr-RW fr-RE fr-BL fr-MF fr-MU fr-SN fr-CH
fr-TG ff ff-SN gl gl-ES gmv lao lg lg-UG ka ka-GE de de-AT de-BE de-DE de-LI de-LU de-CH gof el el-CY el-GR gu gu-IN guz
guz-KE ha ha-Latn ha-Latn-GH ha-Latn-NE ha-Latn-NG ht haw haw-US he he-IL hi hi-IN hu hu-HU is is-IS ig ig-NG smn smn-FI
id id-ID ga ga-IE it it-IT it-CH ja ja-JP dyo dyo-SN kea kea-CV kab kab-DZ kl kl-GL kln kln-KE kam kam-KE kn kn-IN kaa
kk kk-Cyrl kk-Cyrl-KZ km km-KH ki ki-KE rw rw-RW kok kok-IN ko ko-KR khq khq-ML ses ses-ML nmg nmg-CM ky lag lag-TZ lv
lv-LV lir ln ln-CG ln-CD lt lt-LT lb lb-LU lu lu-CD luo luo-KE luy luy-KE mk mk-MK jmc jmc-TZ mgh mgh-MZ kde kde-TZ mg
mg-MG ms ms-BN ms-MY ml ml-IN mt mt-MT gv gv-GB mr mr-IN mas mas-KE mas-TZ mer mer-KE mn mn-Cyrl mfe mfe-MU mua mua-CM
naq naq-NA ne ne-IN ne-NP se se-FI se-NO se-SE nd nd-ZW nb nb-NO nn nn-NO nus nus-SD nyn nyn-UG or or-IN om om-ET om-KE
ps ps-AF fa fa-AF fa-IR pl pl-PL pt pt-AO pt-BR pt-GW pt-MZ pt-PT pt-ST pa pa-Arab pa-Arab-PK pa-Guru pa-Guru-IN pap
pap-AW pap-CW pap-BQ ro ro-MD ro-RO rm rm-CH rof rof-TZ rn rn-BI ru ru-MD ru-RU ru-UA rwk rwk-TZ saq saq-KE sg sg-CF sbp
sbp-TZ sa gd gd-GB seh seh-MZ sr sr-Cyrl sr-Cyrl-BA sr-Cyrl-ME sr-Cyrl-RS sr-Latn sr-Latn-BA sr-Latn-ME sr-Latn-RS ksb
ksb-TZ sn sn-ZW ii ii-CN si si-LK sk sk-SK sl sl-SI xog xog-UG so so-DJ so-ET so-KE so-SO es es-AR es-BO es-CL es-CO
es-CR es-DO es-EC es-SV es-GQ es-GT es-HN es-419 es-MX es-NI es-PA es-PY es-PE es-PR es-ES es-US es-UY es-VE sw sw-KE
sw-TZ sv sv-FI sv-SE gsw gsw-CH shi shi-Latn shi-Latn-MA shi-Tfng shi-Tfng-MA dav dav-KE tg ta ta-IN ta-LK twq twq-NE mi
te te-IN teo teo-KE teo-UG th th-TH bo bo-CN bo-IN ti ti-ER ti-ET to to-TO tr tk tr-TR tch uk uk-UA ur ur-IN ur-PK ug
ug-CN uz uz-Arab uz-Arab-AF uz-Cyrl uz-Cyrl-UZ uz-Latn uz-Latn-UZ vai vai-Latn vai-Latn-LR vai-Vaii vai-Vaii-LR val
val-ES ca-ES-valencia vi vi-VN vun vun-TZ cy cy-GB wo xh yav yav-CM yo yo-NG dje dje-NE zu zu-ZA
`.trim().split(/\s+/));
