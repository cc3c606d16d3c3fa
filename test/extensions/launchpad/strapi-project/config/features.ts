export default ({ env }) => ({});
