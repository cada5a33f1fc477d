// MDXEditor in the page's language (editor-texts.ts): its English default is our key, filled in as
// MDXEditor itself would; French comes from the table; a text without French stays English.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { translator } from '~/lib/i18n';
import { installI18next } from '~/lib/i18next';
import { EDITOR_TEXTS, editorTranslation } from './editor-texts';

installI18next();

/** MDXEditor's built code, where each text is written as its default (`t("toolbar.bold", "Bold")`). */
function editorSource(): string {
  const dist = dirname(createRequire(import.meta.url).resolve('@mdxeditor/editor'));
  const read = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return read(path);
      return entry.name.endsWith('.js') ? [readFileSync(path, 'utf8')] : [];
    });
  return read(dist).join('\n');
}

describe('the rich text editor in the page language', () => {
  it('reads in English as MDXEditor writes it, values filled in', () => {
    const t = editorTranslation(translator('en'));
    expect(t('toolbar.undo', 'Undo {{shortcut}}', { shortcut: 'Ctrl+Z' })).toBe('Undo Ctrl+Z');
    expect(t('toolbar.blockTypes.heading', 'Heading {{level}}', { level: 2 })).toBe('Heading 2');
    expect(t('toolbar.bold', 'Bold')).toBe('Bold');
  });

  it('reads in French from the table, values filled in', () => {
    const t = editorTranslation(translator('fr'));
    expect(t('toolbar.undo', 'Undo {{shortcut}}', { shortcut: 'Ctrl+Z' })).toBe('Annuler Ctrl+Z');
    expect(t('toolbar.blockTypes.heading', 'Heading {{level}}', { level: 3 })).toBe('Titre 3');
    expect(t('linkPreview.open', 'Open {{url}} in new window', { url: 'https://example.org/{{x}}' })).toBe('Ouvrir https://example.org/{{x}} dans une nouvelle fenêtre');
    expect(t('dialogControls.save', 'Save')).toBe('Enregistrer');
    expect(t('table.deleteTable', 'Delete table')).toBe('Supprimer le tableau');
  });

  it('falls back to the default text where French has none (a text a later MDXEditor adds)', () => {
    const t = editorTranslation(translator('fr'));
    expect(t('toolbar.somethingNew', 'Something new')).toBe('Something new');
    expect(t('toolbar.somethingNew', 'Something new for {{who}}', { who: 'Ada' })).toBe('Something new for Ada');
  });

  it('lists only texts this MDXEditor writes, once each', () => {
    const source = editorSource();
    const absent = EDITOR_TEXTS.filter((text) => !source.includes(JSON.stringify(text)) && !source.includes(`\`${text}\``));
    expect(absent).toEqual([]);
    expect(new Set(EDITOR_TEXTS).size).toBe(EDITOR_TEXTS.length);
  });
});
