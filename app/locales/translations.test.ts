// Every text the site shows exists in both languages (issue 21 §2). English is the key itself
// (lib/i18n.ts), so what can be missing is French, or a text that never went through t():
// - a letter in JSX text, or in a shown attribute (aria-label, title, placeholder, alt), of any
//   component is a text left untranslated;
// - every t('...') key, and every text('...') marked for a later t(), has its French entry (plural
//   keys: both French forms);
// - every message the domain and the schemas can answer (the exported *_MESSAGES tables, the
//   messages of thrown domain errors, the schemas' messages) has its French entry: pages show them
//   through t(), as data;
// - no French entry is left that nothing shows.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import fr from './fr';

const ROOT = join(__dirname, '..');
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'generated' || name === 'locales' ? [] : files(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });

/** Texts that read the same in both languages: names, symbols, the brand. */
const SAME_IN_BOTH = new Set(['CTF', 'Arena', 'LinkedIn', 'X', 'YouTube', 'English', 'Français', 'CSV', 'Excel', 'OK', 'CTF{', '}', 'API', 'OpenAPI', 'JSON']);
const SHOWN_ATTRIBUTES = new Set(['aria-label', 'title', 'placeholder', 'alt', 'aria-description']);
/** Pages kept in English on purpose (docs/rules.md "Languages"): the API reference is for developers. */
const ENGLISH_ONLY = new Set(['routes/api/docs.tsx']);
const DOMAIN_ERRORS = /^(NotFound|Forbidden|BadRequest|Conflict|FieldError|DomainError|Unauthorized|TooMany)/;

/** An attribute people read: the HTML ones, and a component's label-like props (<Field label="...">). */
function shownAttribute(node: ts.JsxAttribute): boolean {
  const name = node.name.getText();
  if (SHOWN_ATTRIBUTES.has(name)) return true;
  const tag = (node.parent.parent as ts.JsxOpeningLikeElement).tagName.getText();
  return /^[A-Z]/.test(tag) && /label|title|text|message|description|hint|heading|caption|empty|confirm|legend|help|submit/i.test(name) && !/class|id$|name$|testid/i.test(name);
}

/** String literals an expression can evaluate to (not those handed to a call, such as t('...')). */
function literalsShown(node: ts.Node, report: (text: string, at: ts.Node) => void): void {
  if (ts.isCallExpression(node) || ts.isJsxElement(node) || ts.isJsxSelfClosingElement(node) || ts.isJsxFragment(node) || ts.isArrowFunction(node)) return;
  if (ts.isBinaryExpression(node) && /===|!==|==|!=|<|>/.test(node.operatorToken.getText())) return;
  if (ts.isElementAccessExpression(node)) return;
  if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && hasWords(node.text)) report(node.text, node);
  if (ts.isTemplateExpression(node) && hasWords(node.head.text + node.templateSpans.map((span) => span.literal.text).join(' '))) report(node.getText(), node);
  ts.forEachChild(node, (child) => literalsShown(child, report));
}

const hasWords = (text: string) => /[A-Za-z]{2,}/.test(text) && !SAME_IN_BOTH.has(text.trim());

interface Found { untranslated: string[]; keys: Map<string, string>; messages: Map<string, string> }

function scan(): Found {
  const found: Found = { untranslated: [], keys: new Map(), messages: new Map() };
  for (const path of files(ROOT)) {
    const name = relative(ROOT, path);
    const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true, path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const where = (node: ts.Node) => `${name}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const literal = (node: ts.Node | undefined) => (node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : null);
    const visit = (node: ts.Node, inMessages: boolean) => {
      if (!ENGLISH_ONLY.has(name)) {
        if (ts.isJsxText(node) && hasWords(node.text)) found.untranslated.push(`${where(node)} "${node.text.trim()}"`);
        if (ts.isJsxAttribute(node) && shownAttribute(node)) {
          const value = node.initializer && ts.isStringLiteral(node.initializer) ? node.initializer.text : null;
          if (value && hasWords(value)) found.untranslated.push(`${where(node)} ${node.name.getText()}="${value}"`);
          if (node.initializer && ts.isJsxExpression(node.initializer)) literalsShown(node.initializer, (text, at) => found.untranslated.push(`${where(at)} ${node.name.getText()}={"${text}"}`));
        }
        // {cond ? 'Solved' : 'Open'} among an element's children.
        if (ts.isJsxExpression(node) && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) literalsShown(node, (text, at) => found.untranslated.push(`${where(at)} {"${text}"}`));
      }
      if (ts.isCallExpression(node)) {
        const callee = node.expression.getText();
        const key = literal(node.arguments[0]);
        if ((callee === 't' || callee.endsWith('.t') || callee === 'text') && key !== null) found.keys.set(key, where(node));
      }
      if (ts.isNewExpression(node) && DOMAIN_ERRORS.test(node.expression.getText())) {
        for (const argument of node.arguments ?? []) {
          const text = literal(argument);
          if (text !== null && hasWords(text)) found.messages.set(text, where(node));
        }
      }
      let messages = inMessages;
      if (ts.isVariableDeclaration(node) && /MESSAGES?$/.test(node.name.getText())) messages = true;
      if (messages && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && hasWords(node.text) && !(ts.isPropertyAssignment(node.parent) && node.parent.name === node)) {
        found.messages.set(node.text, where(node));
      }
      ts.forEachChild(node, (child) => visit(child, messages));
    };
    visit(source, false);
  }
  return found;
}

const found = scan();
const inFrench = (key: string) => key in fr || (`${key}_one` in fr && `${key}_other` in fr);

describe('translations', () => {
  it('shows no text outside t()', () => {
    expect(found.untranslated).toEqual([]);
  });

  it('has French for every t() text', () => {
    expect([...found.keys].filter(([key]) => !inFrench(key)).map(([key, at]) => `${at} ${key}`)).toEqual([]);
  });

  it('has French for every message the domain and the schemas answer', () => {
    expect([...found.messages].filter(([key]) => !inFrench(key)).map(([key, at]) => `${at} ${key}`)).toEqual([]);
  });

  it('keeps no French entry that nothing shows', () => {
    const shown = new Set([...found.keys.keys(), ...found.messages.keys()]);
    const unused = Object.keys(fr).filter((key) => !shown.has(key.replace(/_(one|other|zero|two|few|many)$/, '')));
    expect(unused).toEqual([]);
  });

  it("writes each text's French once", () => {
    const parts = import.meta.glob<{ default: Record<string, string> }>(['./fr/*.ts', '!./fr/index.ts'], { eager: true });
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const [part, table] of Object.entries(parts)) {
      for (const key of Object.keys(table.default)) {
        if (seen.has(key)) twice.push(`${key} (${seen.get(key)}, ${part})`);
        seen.set(key, part);
      }
    }
    expect(twice).toEqual([]);
  });

  it('keeps every placeholder of a text in its French', () => {
    const names = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort().join(',');
    const wrong = Object.entries(fr).filter(([key, text]) => names(key.replace(/_(one|other)$/, '')) !== names(text) && !key.endsWith('_one'));
    expect(wrong.map(([key]) => key)).toEqual([]);
  });
});
