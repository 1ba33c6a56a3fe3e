import { createHash } from 'node:crypto';
import { BOOKING_PAGE_CSP } from '../../plugins/security-headers.js';

/**
 * The LIFF endpoint page `GET /t/liff` (decision 0475): no console code, one inline script of
 * ≈ 1.5 KB beside LINE's SDK. It runs `liff.init` (which restores `?c=` from `liff.state`),
 * signs in outside LINE, posts the click reference with the ID token and the access token to
 * `POST /t/liff`, then goes to the add-friend URL or shows the answer's page.
 */
const SCRIPT = `(function(){
var m=document.getElementById('m'),b=document.body;
function say(t,u){m.textContent=t;if(u){var a=document.createElement('a');a.href=u;a.textContent='LINEで開く';a.className='go';b.appendChild(a)}}
function ref(){var q=new URLSearchParams(location.search),c=q.get('c');if(c)return c;var s=q.get('liff.state');if(!s)return null;try{return new URL(s,location.origin).searchParams.get('c')}catch(e){return null}}
function fail(){say('うまく開けませんでした。QRコードかURLからもう一度開いてください。')}
if(!window.liff)return fail();
liff.init({liffId:b.getAttribute('data-liff')}).then(function(){
if(!liff.isLoggedIn()){liff.login({redirectUri:location.href});return}
var c=ref();if(!c)return fail();
var t=liff.getAccessToken(),body={ref:c,id_token:liff.getIDToken()||''};if(t)body.access_token=t;
return fetch('/t/liff',{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify(body)}).then(function(r){return r.json().then(function(a){
if(r.ok&&a.next==='redirect'&&a.url){location.replace(a.url);return}
var h=document.getElementById('h');h.textContent=a.title||'もう一度お試しください';say(a.body||a.message||'',a.url)})})
}).catch(fail)})();`;

const SCRIPT_HASH = createHash('sha256').update(SCRIPT).digest('base64');
/** The booking page's policy (LIFF SDK and its endpoints) with this one inline script. */
export const LIFF_PAGE_CSP = BOOKING_PAGE_CSP.replace(
  "script-src 'self'",
  `script-src 'sha256-${SCRIPT_HASH}'`,
);

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function liffPage(liffId: string): string {
  return `<!doctype html><html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>LINEで開いています</title><style>body{font-family:sans-serif;margin:0;padding:32px 20px;text-align:center;color:#222}h1{font-size:20px}.go{display:inline-block;padding:12px 20px;background:#06c755;color:#fff;border-radius:8px;text-decoration:none}</style><script charset="utf-8" src="https://static.line-scdn.net/liff/edge/2/sdk.js"></script></head><body data-liff="${escape(liffId)}"><h1 id="h">LINEで開いています</h1><p id="m">少々お待ちください…</p><script>${SCRIPT}</script></body></html>`;
}
