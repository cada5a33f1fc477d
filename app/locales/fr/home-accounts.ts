// French of the home page, the account pages and the language setting (see ./index.ts).
export default {
} satisfies Record<string, string>;
