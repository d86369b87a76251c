/**
 * Driving the GraphQL IDE (GraphiQL with Monaco editors) in Chromium: open it, replace an editor's
 * text, run the operation, read the response pane.
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** The response pane's text (Monaco renders spaces as no-break spaces). */
export async function responseText(page: Page): Promise<string> {
  return (await page.locator('.graphiql-response').innerText()).replace(/\u00a0/g, ' ');
}

/**
 * Opens the IDE and waits until it has the schema: GraphiQL drops a run started while it is still
 * loading (fetching and building the schema from introspection), so the tests act only after it.
 * `reload` reloads the page instead of opening a URL.
 */
export async function openIde(page: Page, url: string | 'reload') {
  const schema = page.waitForResponse(
    (r) => r.url().endsWith('/graphql') && (r.request().postData() ?? '').includes('__schema'),
    { timeout: 30_000 },
  );
  const response = url === 'reload' ? await page.reload() : await page.goto(url);
  await schema;
  await page.locator('.graphiql-query-editor .monaco-editor').first().waitFor({ timeout: 20_000 });
  return response;
}

/**
 * Runs the editor's operation and waits for an answer. A click that GraphiQL takes before it has
 * finished starting (a fresh browser compiles its editor workers first) runs nothing, so the click
 * is repeated until the response pane shows something (a query here is safe to run twice).
 */
export async function runQuery(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        if ((await responseText(page).catch(() => '')).trim() === '')
          await page.locator('.graphiql-execute-button').click();
        return (await responseText(page).catch(() => '')).trim();
      },
      { timeout: 30_000, interval: 1_000 },
    )
    .not.toBe('');
}

/**
 * Replaces the text of a Monaco editor (insertText: no auto-closed brackets), and waits until the
 * editor shows it: keys sent before the editor is ready would be lost.
 */
export async function replaceEditorText(page: Page, selector: string, text: string): Promise<void> {
  const editor = page.locator(`${selector} .monaco-editor`).first();
  const shown = async () => (await editor.locator('.view-lines').innerText()).replace(/\s+/g, ' ').trim();
  await expect
    .poll(
      async () => {
        await editor.click();
        await page.keyboard.press('ControlOrMeta+A');
        await page.keyboard.press('Delete');
        await page.keyboard.insertText(text);
        return shown();
      },
      { timeout: 20_000 },
    )
    .toBe(text);
}
