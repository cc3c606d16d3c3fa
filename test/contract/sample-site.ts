/**
 * Facts about the sample site (`schemas/`, `content/`) that the read contract tests assert against.
 * Lists are in the default order: creation order (`createdAt`, then `documentId`; project choice).
 */

/** Published English articles, in creation order. */
export const ARTICLES = {
  rome: 'jfsgk21o4wtsoknlvf65xsrj', // The best coffee in Rome (fr too)
  blackHole: 'erdjn7qamd22o2key07vrft5', // What's inside a Black Hole
  bug: 'xuvirszvhs0w2njrjrg3g8dw', // How I fixed a nasty bug in production (newer draft differs)
  pizza: 'epw01z20kac98v6t19d3eer8', // Pizza napoletana: a beginner's guide (fr, fr draft differs)
  companion: 'sym7ypeehf0zhp30yx5dc1zj', // Why PIZZA is the ultimate COFFEE companion
  norway: 'leo9mpmgjqi9e4y3lvswznjb', // Beautiful mountains of Norway (fr too)
  sunset: 'g097ry1u9cngt075a93jnw50', // A beautiful sunset over the bay (no author)
  internet: 'b21v569v53nyjqpe0huv43m6', // The internet's Own boy (fr too)
  shrimp: 'kfpncig567pl664pn9lrxp39', // This shrimp is awesome (fr too)
  css: 'u1kelsnqe2tzdzi5b817ado7', // Debugging CSS: the missing guide (no category)
  boring: 'sabkt70xaps36g6a07elnaby', // beautiful code is boring code
  brewing: 'ukiqxyo770bnnzmm64aonruc', // Coffee brewing methods compared
  release: 'ws1hnjhoh5q7f19uq4u5e8yo', // Release notes: bug bash week (newer draft, same title)
} as const;

/** Never-published articles (draft only), in creation order. */
export const DRAFT_ONLY = {
  oven: 'e9qj0xlp3sn55zvg78mvejd7', // Draft: pizza oven review
  apis: 'yxdq40wqbqefbjf1j34jttf3', // Untitled thoughts on beautiful APIs
  tokyo: 'a6lq8hv931vnhq1mwjzx78jv', // Coffee shops of Tokyo
} as const;

export const PUBLISHED_IDS = Object.values(ARTICLES);

export const AUTHORS = {
  david: 'g5nep3nk2vklh3r9oo6o7oju', // David Doe
  sarah: 'hkr9fyi1510m9vh6bh8yotz8', // Sarah Baker
  amelie: 'nvys3yb5qcrc89ob002blkoe', // Amélie Laurent
  marco: 'qig4xffu7hjyawrhvhipfbv9', // Marco Rossi
  kenji: 'x1ishuc83unoyf6nt6ovwbvb', // Kenji Tanaka
} as const;

export const TAGS = {
  javascript: 's5que6tw9xi8hjptbh0q4ood',
  coffee: 'b2hjgyg2kdh9a72boali13fe',
  pizza: 'xtz95ocp12m1qmx0g0kdpo1f',
  bug: 'exbmmmu9xf6zi2zjekknrs34',
  openSource: 'cam30tzqd480rk3dlw4dc20m',
  recipes: 'u7bpk4vxqbablh5fs3z1unor',
  photography: 'hxb94d9mzlcthpfatg6qqpcq',
  beautifulPlaces: 'vrggvs21boibkash772cot6r',
} as const;

export const MEDIA = {
  avatar: 'abf3j3sf1tbbnv1eqosoza59', // default-avatar.png
  pizza: 'dylorqz16sqjb5nsoejm7ix6', // pizza-margherita.png
  coffee: 'k4h9a2dz4n5hognvjhts7j3m', // coffee-beans.png
} as const;

export const GLOBAL_ID = 'dw2603vqnv92za5syi7lurer';
export const ABOUT_ID = 'ses66buc84uwqu508kiyq33z';

/** documentIds of a list answer. */
export const ids = (body: { data: { documentId: string }[] }): string[] => body.data.map((entry) => entry.documentId);

/** Query-string suffix that returns every published article on one page, titles only. */
export const ALL_TITLES = 'fields=title&pagination[pageSize]=100';
