/**
 * Inside LINE the page is a LIFF app (decision 0127): LINE's SDK comes from LINE's CDN only
 * when the account has a LIFF id, gives the ID token of the LINE user, and the server verifies
 * it with LINE. Outside LINE the SDK sends the browser to LINE Login and back.
 */
export const LIFF_SDK_URL = 'https://static.line-scdn.net/liff/edge/2/sdk.js';

type Liff = {
  init(options: { liffId: string }): Promise<void>;
  isLoggedIn(): boolean;
  login(options?: { redirectUri?: string }): void;
  getIDToken(): string | null;
  getAccessToken(): string | null;
};

declare global {
  interface Window {
    liff?: Liff;
  }
}

function loadSdk(): Promise<Liff> {
  if (window.liff) return Promise.resolve(window.liff);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = LIFF_SDK_URL;
    script.async = true;
    script.onload = () => (window.liff ? resolve(window.liff) : reject(new Error('no liff')));
    script.onerror = () => reject(new Error('LIFF SDK did not load'));
    document.head.append(script);
  });
}

/**
 * The LINE user's ID token and LIFF access token (the server asks LINE with the latter whether
 * they are a friend of the account, decision 0181). `silent` (the page's first look, decision
 * 0272): inside LINE, or back from LINE Login, LIFF is logged in and the tokens come without a
 * tap; otherwise null, so a browser outside LINE can browse first. Not silent (the customer
 * tapped 「LINEでログイン」): the browser goes to LINE Login and back (null meanwhile).
 */
export async function liffTokens(
  liffId: string,
  mode: 'silent' | 'login' = 'login',
): Promise<{ id_token: string; access_token?: string } | null> {
  const liff = await loadSdk();
  await liff.init({ liffId });
  if (!liff.isLoggedIn()) {
    if (mode === 'login') liff.login({ redirectUri: window.location.href });
    return null;
  }
  const token = liff.getIDToken();
  if (!token) throw new Error('LIFF gave no ID token');
  const accessToken = liff.getAccessToken();
  return accessToken ? { id_token: token, access_token: accessToken } : { id_token: token };
}
