/** A URL the shared state store accepts (PostgreSQL's two schemes). */
export const isStateUrl = (url: string): boolean => /^postgres(ql)?:\/\/\S*$/.test(url);

/** Env `CMS_STATE_URL` first (it may carry a password, so it belongs in the environment), then config `state.url`. */
export function stateUrl(configured: string | false, env: NodeJS.ProcessEnv): string | false {
  return env.CMS_STATE_URL || configured;
}
