/** Signs in through a running server's built-in identity provider (code + PKCE) and returns the access token. */
export function signIn(baseUrl: string, realm: 'consumer' | 'workforce', username: string, password: string, clientId?: string): Promise<string>;
