// French of the messages the domain, the schemas and the e-mails answer (see ./index.ts).
export default {
} satisfies Record<string, string>;
