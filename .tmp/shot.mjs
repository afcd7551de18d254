import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:5077';
const login = async (ua) => (await (await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': ua }, body: JSON.stringify({ email: 'mia@demo.neighbourly.au', password: 'neighbour123' }) })).json()).token;
await login('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1');
const token = await login('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
for (const [w, h] of [[360, 740], [1280, 800]]) {
  const context = await browser.newContext({ viewport: { width: w, height: h } });
  await context.addInitScript((t) => localStorage.setItem('authToken', t), token);
  const page = await context.newPage();
  await page.goto(`${base}/account`);
  await page.getByRole('heading', { name: "Where you're signed in" }).waitFor();
  await page.getByRole('list', { name: "Where you're signed in" }).waitFor();
  await page.getByRole('button', { name: 'Change email' }).click();
  await page.locator('#password').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/account-${w}.png`, fullPage: false });
  await page.locator('#devices').screenshot({ path: `/tmp/devices-${w}.png` });
  await page.getByLabel('New email').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/email-${w}.png` });
  console.log(w, 'scroll', await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth));
}
await browser.close();
