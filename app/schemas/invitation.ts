// The team invitation code and where its link sends a visitor. Without zod, so the home page, which
// reads the code from its URL, does not load zod's 23 KiB (issue 21 §1's JavaScript budget).

/** SPEC §9: the join code is 50 word characters. */
export const INVITATION_CODE = /^\w{1,50}$/;
/**
 * Where an invitation link sends a visitor who is not signed in: home, as SPEC §2 says, with the
 * code in the query, so the home page says why and offers a login that comes back to the link.
 */
export const INVITATION_PARAM = 'invitation';
export const invitationHome = (code: string | undefined) => (code !== undefined && INVITATION_CODE.test(code) ? `/?${INVITATION_PARAM}=${code}` : '/');
