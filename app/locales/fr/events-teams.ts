// French of events, competes, teams and notifications (see ./index.ts).
export default {
} satisfies Record<string, string>;
