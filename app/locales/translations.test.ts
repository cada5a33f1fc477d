// Every text the site shows exists in both languages (issue 21 §2). English is the key itself
// (lib/i18n.ts), so what can be missing is French, or a text that never went through t():
// - a letter in JSX text, or in a shown attribute (aria-label, title, placeholder, alt), of any
//   component is a text left untranslated;
// - every t('...') key, every text('...') marked for a later t(), and every say('...') (a message
//   with values in it, worded in the request's language: lib/i18n.ts) has its French entry (plural
//   keys: both French forms);
// - every message the domain and the schemas can answer (the exported *_MESSAGES tables, the
//   messages of thrown domain errors and of field error maps, the schemas' messages, the named
//   sentences of app/domain, app/lib and app/schemas) has its French entry: pages and e-mails show
//   them through t(), as data;
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
const DOMAIN_ERRORS = /^(NotFound|Forbidden|BadRequest|Conflict|FieldError|DomainError|Unauthorized|TooMany|Invalid|RateLimited)/;
/** Where the domain, the libraries and the schemas name their sentences (`export const LOGIN_FAILED = '...'`). */
const MESSAGE_DIRS = /^(domain|lib|schemas)\//;
/** Named sentences that are data, not messages: the place stored for every online event. */
const NOT_MESSAGES = new Set(['DEFAULT_PLACE']);
/** Zod's checks, whose string arguments are the messages of their issues (`.min(1, REQUIRED)`, `z.email('...')`). */
const ZOD_CHECKS = new Set(['min', 'max', 'regex', 'refine', 'email', 'url', 'int', 'nonempty', 'gt', 'gte', 'lt', 'lte']);
/** Properties that hold a message in the schemas: zod's `message` and `error`, a file rule's `required` and `tooLarge`. */
const MESSAGE_PROPERTIES = new Set(['message', 'error', 'required', 'tooLarge']);

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
/** A message people read, not a code programs read ('no_active_account', a flash's type 'success'). */
const isMessage = (text: string) => hasWords(text) && !/^[a-z][a-z0-9_]*$/.test(text);
const stringLiteral = (node: ts.Node): node is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral => ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node);

/** The file's top-level `const name = '...'`, for messages handed by name (`{ message: mismatch }`). */
function namedTexts(source: ts.SourceFile): Map<string, ts.StringLiteral | ts.NoSubstitutionTemplateLiteral> {
  const named = new Map<string, ts.StringLiteral | ts.NoSubstitutionTemplateLiteral>();
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name) && declaration.initializer && stringLiteral(declaration.initializer)) named.set(declaration.name.text, declaration.initializer);
    }
  }
  return named;
}

/** The name of the function `node` is in: `function validationMessage()`, `const tooLong = () => ...`. */
function enclosingFunctionName(node: ts.Node): string {
  for (let at = node.parent; at; at = at.parent) {
    if (ts.isFunctionDeclaration(at)) return at.name?.text ?? '';
    if ((ts.isArrowFunction(at) || ts.isFunctionExpression(at)) && ts.isVariableDeclaration(at.parent)) return at.parent.name.getText();
    if (ts.isFunctionLike(at)) return '';
  }
  return '';
}

/**
 * The messages an expression in a message's place can be: its texts, those of a field error map's
 * lists (`{ ids: ['...'] }`), of both branches of a condition, of an arrow's answer
 * (`error: (issue) => (blank(issue.input) ? REQUIRED : NOT_LIST)`), a named text of the file. Not
 * what is handed to a call, nor compared, nor a template (a text with a value in it is no natural key).
 */
function messagesIn(node: ts.Node, named: Map<string, ts.Node>, report: (text: string, at: ts.Node) => void): void {
  if (stringLiteral(node)) {
    if (isMessage(node.text)) report(node.text, node);
  } else if (ts.isIdentifier(node)) {
    const text = named.get(node.text);
    if (text) messagesIn(text, new Map(), report);
  } else if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isNonNullExpression(node)) {
    messagesIn(node.expression, named, report);
  } else if (ts.isConditionalExpression(node)) {
    messagesIn(node.whenTrue, named, report);
    messagesIn(node.whenFalse, named, report);
  } else if (ts.isArrayLiteralExpression(node)) {
    for (const element of node.elements) messagesIn(element, named, report);
  } else if (ts.isObjectLiteralExpression(node)) {
    for (const property of node.properties) if (ts.isPropertyAssignment(property)) messagesIn(property.initializer, named, report);
  } else if (ts.isArrowFunction(node) && !ts.isBlock(node.body)) {
    messagesIn(node.body, named, report);
  }
}

interface Found { untranslated: string[]; keys: Map<string, string>; messages: Map<string, string> }

function scan(): Found {
  const found: Found = { untranslated: [], keys: new Map(), messages: new Map() };
  for (const path of files(ROOT)) {
    const name = relative(ROOT, path);
    const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true, path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const where = (node: ts.Node) => `${name}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const literal = (node: ts.Node | undefined) => (node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : null);
    const named = namedTexts(source);
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
        if ((callee === 't' || callee.endsWith('.t') || callee === 'text' || callee === 'say') && key !== null) found.keys.set(key, where(node));
      }
      const message = (text: string, at: ts.Node) => found.messages.set(text, where(at));
      // A thrown domain error's message, the field errors of an Invalid: new NotFound('...'), new Invalid({ ids: ['...'] }).
      if (ts.isNewExpression(node) && DOMAIN_ERRORS.test(node.expression.getText())) {
        for (const argument of node.arguments ?? []) messagesIn(argument, named, message);
      }
      if (ts.isCallExpression(node)) {
        const callee = node.expression;
        // invalid('field', '...'), and a form's reply of field errors: errorReply({ non_field_errors: ['...'] }).
        if (ts.isIdentifier(callee) && callee.text === 'invalid' && node.arguments[1]) messagesIn(node.arguments[1], named, message);
        if (ts.isIdentifier(callee) && callee.text === 'errorReply') node.arguments.forEach((argument) => messagesIn(argument, named, message));
        // The schemas' zod checks: .min(1, 'This field is required.'), .refine(check, { message: '...' }).
        if (name.startsWith('schemas/') && ts.isPropertyAccessExpression(callee) && ZOD_CHECKS.has(callee.name.text)) {
          node.arguments.forEach((argument) => messagesIn(argument, named, message));
        }
      }
      // A field error map built by parts: errors.username = ['...'], errors.image ??= ['...'], { errors: { flag: ['...'] } }.
      if (ts.isBinaryExpression(node) && /^(=|\?\?=)$/.test(node.operatorToken.getText()) && /^errors\b/.test(node.left.getText()) && !ts.isIdentifier(node.left)) {
        messagesIn(node.right, named, message);
      }
      if (ts.isPropertyAssignment(node) && node.name.getText() === 'errors') messagesIn(node.initializer, named, message);
      // The schemas' messages by property: ctx.addIssue({ message: '...' }), { error: NOT_BOOLEAN }, a file rule's required.
      if (name.startsWith('schemas/') && ts.isPropertyAssignment(node) && MESSAGE_PROPERTIES.has(node.name.getText())) messagesIn(node.initializer, named, message);
      // What a function that words a message answers: validationMessage() returns 'Account validation completed successfully!'.
      if (ts.isReturnStatement(node) && node.expression && /Message$/.test(enclosingFunctionName(node))) messagesIn(node.expression, named, message);
      if (ts.isArrowFunction(node) && !ts.isBlock(node.body) && /Message$/.test(enclosingFunctionName(node.body))) messagesIn(node.body, named, message);
      // An error's default message: constructor(message = 'Not found.').
      if (ts.isParameter(node) && node.name.getText() === 'message' && node.initializer) messagesIn(node.initializer, named, message);
      // A named sentence (a capital, then words; not SQL): export const LOGIN_FAILED = 'No active account found with the given credentials'.
      if (
        MESSAGE_DIRS.test(name) &&
        ts.isVariableDeclaration(node) &&
        ts.isIdentifier(node.name) &&
        /^[A-Z][A-Z0-9_]*$/.test(node.name.text) &&
        !NOT_MESSAGES.has(node.name.text) &&
        node.initializer &&
        stringLiteral(node.initializer) &&
        /^[A-Z][a-z ][^\n]* /.test(node.initializer.text)
      ) {
        message(node.initializer.text, node);
      }
      let messages = inMessages;
      if (ts.isVariableDeclaration(node) && /MESSAGES?$/.test(node.name.getText())) messages = true;
      if (messages && stringLiteral(node) && isMessage(node.text) && !(ts.isPropertyAssignment(node.parent) && node.parent.name === node)) {
        message(node.text, node);
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

  it('has French for every t() and say() text', () => {
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
