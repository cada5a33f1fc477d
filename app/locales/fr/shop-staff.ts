// French of Black Friday (blacks-fridays) and the staff pages under /practices (see ./index.ts).
export default {
} satisfies Record<string, string>;
