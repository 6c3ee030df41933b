/** Where the session token lives in local storage (spec §4, document 1): read by the app
 * (src/lib/auth-token.ts) and by the page's entry (src/main.tsx), which starts the app at
 * once for a member. */
export const TOKEN_KEY = 'token';
