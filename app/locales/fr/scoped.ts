// French of the pages shared by practice and events (routes/scoped) (see ./index.ts).
export default {
} satisfies Record<string, string>;
