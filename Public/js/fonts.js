// Text is measured on the server with these exact files, so nothing is drawn with a fallback font
// until they have loaded (or failed, or timed out).
// "ProgressCast LastResort" (Public/css/last-resort.ttf) has every character as the box the server
// measures a character neither font has with: without it the browser would draw such a character
// (an emoji, a mathematical letter) with a system font, wider or narrower than the server laid out.
export const FONT_FAMILY = '"ProgressCast Sans", "ProgressCast CJK", "ProgressCast LastResort"';

const FACES = [
  ['400 16px "ProgressCast Sans"', 'Ag'],
  ['700 16px "ProgressCast Sans"', 'Ag'],
  ['400 16px "ProgressCast CJK"', '加载中'],
  ['400 16px "ProgressCast LastResort"', '\u{1D49C}'],
];
const TIMEOUT_MS = 8000;

let settled = false;

export const fontsReady = Promise.race([
  Promise.allSettled(FACES.map(([font, text]) => document.fonts.load(font, text))),
  new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS)),
]).then(() => { settled = true; });

export function fontsSettled() {
  return settled;
}

export function fontFor(weight, size) {
  return `${weight} ${size}px ${FONT_FAMILY}`;
}
