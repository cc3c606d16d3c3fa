// The seed: the main catalogue's REST seed (../../catalogue/00-seed.mjs) unchanged, so the GraphQL
// cases read the documents the REST recordings read, named alike (`@@post1`, `@@img1`).
export { default } from '../../catalogue/00-seed.mjs';
