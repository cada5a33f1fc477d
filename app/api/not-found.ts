/** Any other /api path: JSON 404, never the HTML fallback. */
const notFound = () => Response.json({ detail: 'Not found.' }, { status: 404 });
export const loader = notFound;
export const action = notFound;
