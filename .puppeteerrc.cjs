// whatsapp-web.js depends on puppeteer; we drive the system Chromium (PUPPETEER_EXECUTABLE_PATH)
// and never download puppeteer's own browser (the download is blocked on our build machines).
module.exports = { skipDownload: true };
