/** Where the identity providers send the browser back (registered redirect URIs, see the server's idp). */
export const CALLBACK_PATH = '/auth/callback';
export const SIGNED_OUT_PATH = '/auth/signed-out';
