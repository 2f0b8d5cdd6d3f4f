// The index page: its two cards lead to the two pages.
import assert from "node:assert/strict";

export const tests = [
  {
    name: "the index links the 何切る and Shanghai pages",
    run: async ({ page, base }) => {
      await page.goto(base);
      assert.equal(await page.title(), "haipai");
      const links = await page.locator("a.card").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
      assert.deepEqual(links, ["/nanikiru", "/shanghai"]);
    },
  },
];
