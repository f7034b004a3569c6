// Every refusal's message the server can send, found in lambdas/ with TypeScript's compiler API: the message
// given to each error function of lambdas/contract/errors.ts (and `new PortalError(…)`), as shapes: its words,
// with `{}` where a template puts a value and `{phrase}` where it puts words of a message of its own (a function's
// or a constant's, itself a message the table needs). A condition in a template is expanded into its branches.
// A message that comes from data (`gate.message`) is named in DYNAMIC with where its words are made (PRODUCERS);
// the words of the payload's checks (zod, the answers' and the configuration's problems) are scanned as phrases.
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const ROOT = join(__dirname, '..', '..');

/** The error functions and the argument that is their message. */
const ERROR_FUNCTIONS = new Set([
  'invalidArgument',
  'unauthenticated',
  'permissionDenied',
  'notFound',
  'alreadyExists',
  'failedPrecondition',
  'resourceExhausted',
]);
const ERRORS_MODULE = 'lambdas/contract/errors.ts';

/** Messages passed on from data, not written at the call, and where their words are made instead. */
export const DYNAMIC: Record<string, string> = {
  'lambdas/enrollment/handlers/enroll.ts: gate.message': "the registration gate's refusal (PRODUCERS)",
  'lambdas/enrollment/handlers/transferEnrollment.ts: gate.message': "the registration gate's refusal (PRODUCERS)",
  'lambdas/lottery/lotteryRules.ts: gate.message': "the lottery's request gate's refusal (PRODUCERS)",
  'lambdas/enrollment/enrollmentAnswer.ts: decision.error.message':
    "the allocator's refusal, made by the error functions (scanned where it is made) and kept with the decision",
  'lambdas/platform/handler.ts: first.field ? `${first.field}: ${first.message}` : first.message':
    "a payload check's problem (zod, ZOD_FILES) after its field",
};

interface Producer {
  file: string;
  functions: string[];
}

/**
 * Where the words of the messages in DYNAMIC, and the problems after "field: ", are made: each function's returns,
 * its arrow functions' values, what it assigns, and its `message` and `opening` values are scanned as messages.
 */
const PRODUCERS: Producer[] = [
  {
    file: 'lambdas/enrollment/allocationSettings.ts',
    functions: ['windowGate', 'registrationGate', 'requestGate', 'gateBy', 'fairStartGate'],
  },
  { file: 'lambdas/catalogue/semesters.ts', functions: ['registrationWindowMessage'] },
  { file: 'lambdas/contract/records.ts', functions: ['answerProblem', 'checkAnswers', 'configValueProblem'] },
  { file: 'lambdas/contract/configNames.ts', functions: ['detailsSinceProblem'] },
];

/** Files whose zod checks' messages are problems a 400 names after its field. */
const ZOD_FILES = ['lambdas/contract/records.ts', 'lambdas/contract/configNames.ts', 'lambdas/contract/manifest.ts'];

/** Messages said by the handler itself, not through an error function. */
const HANDLER_MESSAGES = ['Something went wrong on our side. Please try again in a moment.', 'is not a known field'];

export interface Found {
  /** The message's shape: its words, `{}` for a value, `{phrase}` for words of a message of their own. */
  shape: string;
  /** Where it is written: `file:line`. */
  where: string;
}

interface Scan {
  messages: Found[];
  /** Message arguments the scan could not follow and DYNAMIC does not name. */
  unresolved: string[];
}

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(folder, entry.name))
      : /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')
        ? [join(folder, entry.name)]
        : [],
  );
}

export function scanErrorMessages(): Scan {
  const files = sourceFiles('lambdas').map((file) => join(ROOT, file));
  const config = ts.parseJsonConfigFileContent(
    ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile).config,
    ts.sys,
    ROOT,
  );
  // Only lambdas/ itself is read: the scan follows the portal's own symbols, never a library's types, and
  // reading those (the AWS SDK's above all) took most of its time.
  const program = ts.createProgram(files, {
    ...config.options,
    incremental: false,
    noEmit: true,
    noResolve: true,
    noLib: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const messages: Found[] = [];
  const unresolved: string[] = [];
  const rel = (node: ts.Node) => relative(ROOT, node.getSourceFile().fileName);
  const where = (node: ts.Node) =>
    `${rel(node)}:${node.getSourceFile().getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const add = (shapes: string[], node: ts.Node) => {
    for (const shape of shapes) messages.push({ shape, where: where(node) });
  };

  const declarationOf = (expression: ts.Expression): ts.Declaration | undefined => {
    let symbol = checker.getSymbolAtLocation(expression);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    const declaration = symbol?.declarations?.[0];
    return declaration && !declaration.getSourceFile().fileName.includes('node_modules') ? declaration : undefined;
  };

  const visiting = new Set<ts.Node>();

  /** Every value a function returns (not those of functions inside it), as shapes; null when one cannot be followed. */
  function returnsOf(fn: ts.SignatureDeclaration): string[] | null {
    if (visiting.has(fn)) return null;
    visiting.add(fn);
    try {
      const body = (fn as ts.FunctionLikeDeclarationBase).body;
      if (!body) return null;
      if (!ts.isBlock(body)) return resolve(body);
      const shapes: string[] = [];
      let followed = true;
      const visit = (node: ts.Node) => {
        if (ts.isFunctionLike(node)) return;
        if (ts.isReturnStatement(node) && node.expression) {
          const returned = resolve(node.expression);
          if (returned) shapes.push(...returned);
          else followed = false;
        }
        ts.forEachChild(node, visit);
      };
      ts.forEachChild(body, visit);
      return followed ? shapes : null;
    } finally {
      visiting.delete(fn);
    }
  }

  /** Whether words made elsewhere are a phrase of their own (a sentence's part) rather than a value (a path, a code). */
  const isPhrase = (shapes: string[]) =>
    shapes.some((shape) => /[A-Za-z]/.test(shape.replace(/\{(phrase)?\}/g, '')) && / /.test(shape));

  /** What a template's part puts into it: its words spliced in (a condition's branches, a literal), or a placeholder. */
  function part(expression: ts.Expression): string[] {
    const node = unwrapped(expression);
    if (ts.isConditionalExpression(node)) return [...part(node.whenTrue), ...part(node.whenFalse)];
    if (ts.isStringLiteralLike(node) || ts.isTemplateExpression(node)) return resolve(node) ?? ['{}'];
    const made = resolve(node);
    if (made?.length && isPhrase(made)) {
      add(made, node);
      return ['{phrase}'];
    }
    return ['{}'];
  }

  const joined = (heads: string[], tails: string[]) => heads.flatMap((head) => tails.map((tail) => head + tail));

  /** A message expression as the shapes it may take; null when it cannot be followed. */
  function resolve(expression: ts.Expression): string[] | null {
    const node = unwrapped(expression);
    if (ts.isStringLiteralLike(node)) return [node.text];
    if (ts.isTemplateExpression(node)) {
      let shapes = [node.head.text];
      for (const span of node.templateSpans)
        shapes = joined(joined(shapes, part(span.expression)), [span.literal.text]);
      return shapes;
    }
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      const side = (operand: ts.Expression) =>
        ts.isStringLiteralLike(unwrapped(operand)) ||
        ts.isTemplateExpression(unwrapped(operand)) ||
        ts.isBinaryExpression(unwrapped(operand))
          ? resolve(operand)
          : part(operand);
      const [left, right] = [side(node.left), side(node.right)];
      return left && right ? joined(left, right) : null;
    }
    if (ts.isConditionalExpression(node)) {
      const [yes, no] = [resolve(node.whenTrue), resolve(node.whenFalse)];
      return yes && no ? [...yes, ...no] : null;
    }
    if (ts.isIdentifier(node) && node.text === 'undefined') return [];
    if (ts.isIdentifier(node)) {
      const declaration = declarationOf(node);
      if (
        declaration &&
        ts.isVariableDeclaration(declaration) &&
        declaration.initializer &&
        ts.getCombinedNodeFlags(declaration) & ts.NodeFlags.Const
      )
        return resolve(declaration.initializer);
      return null;
    }
    if (ts.isCallExpression(node)) {
      const declaration = declarationOf(node.expression);
      if (declaration && ts.isFunctionDeclaration(declaration)) return returnsOf(declaration);
      if (declaration && ts.isVariableDeclaration(declaration) && declaration.initializer) {
        const fn = unwrapped(declaration.initializer);
        if (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) return returnsOf(fn);
      }
      return null;
    }
    return null;
  }

  /** A call's message: its argument, or the error function's default when none is given. */
  function messageOf(call: ts.CallExpression | ts.NewExpression, index: number): string[] | null {
    const argument = call.arguments?.[index];
    if (argument) return resolve(argument);
    const declaration = declarationOf(call.expression);
    const fn =
      declaration && ts.isVariableDeclaration(declaration) && declaration.initializer
        ? unwrapped(declaration.initializer)
        : undefined;
    const fallback = fn && ts.isArrowFunction(fn) ? fn.parameters[index]?.initializer : undefined;
    return fallback ? resolve(fallback) : null;
  }

  for (const file of program.getSourceFiles()) {
    const name = relative(ROOT, file.fileName);
    if (!name.startsWith('lambdas/') || name === ERRORS_MODULE) continue;
    const visit = (node: ts.Node) => {
      let shapes: string[] | null | undefined;
      let argument: ts.Node | undefined;
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
        const declaration = declarationOf(node.expression);
        const callee = node.expression.text;
        if (declaration && rel(declaration) === ERRORS_MODULE) {
          if (ERROR_FUNCTIONS.has(callee)) {
            shapes = messageOf(node, 0);
            argument = node.arguments[0] ?? node;
          } else if (callee === 'portalBusy') shapes = resolve(declarationName(declaration, 'BUSY_MESSAGE', checker));
        }
      } else if (
        ts.isNewExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'PortalError'
      ) {
        shapes = messageOf(node, 1);
        argument = node.arguments?.[1] ?? node;
      }
      if (shapes) add(shapes, node);
      else if (shapes === null) {
        const key = `${name}: ${argument?.getText() ?? node.getText()}`;
        if (!(key in DYNAMIC)) unresolved.push(`${where(node)} ${key}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }

  // Where the words of messages passed on from data are made.
  for (const producer of PRODUCERS) {
    const file = program.getSourceFile(join(ROOT, producer.file));
    if (!file) throw new Error(`${producer.file} is not in lambdas/`);
    const seen = new Set<string>();
    const visit = (node: ts.Node) => {
      if (
        (ts.isFunctionDeclaration(node) || ts.isVariableDeclaration(node)) &&
        node.name &&
        ts.isIdentifier(node.name) &&
        producer.functions.includes(node.name.text)
      ) {
        seen.add(node.name.text);
        scanProducer(node);
      }
      ts.forEachChild(node, visit);
    };
    const scanProducer = (root: ts.Node) => {
      const inner = (node: ts.Node) => {
        if (ts.isReturnStatement(node) && node.expression) {
          const shapes = resolve(node.expression);
          if (shapes) add(shapes, node);
        }
        if (ts.isArrowFunction(node) && !ts.isBlock(node.body)) {
          const shapes = resolve(node.body);
          if (shapes) add(shapes, node);
        }
        if (
          ts.isPropertyAssignment(node) &&
          ts.isIdentifier(node.name) &&
          ['message', 'opening'].includes(node.name.text)
        ) {
          const shapes = resolve(node.initializer);
          if (shapes) add(shapes, node);
        }
        if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
          const shapes = resolve(node.right);
          if (shapes) add(shapes, node);
        }
        ts.forEachChild(node, inner);
      };
      ts.forEachChild(root, inner);
    };
    visit(file);
    const missing = producer.functions.filter((fn) => !seen.has(fn));
    if (missing.length) unresolved.push(`${producer.file}: no function ${missing.join(', ')}`);
  }

  // The payload's checks: each zod check's message (a string or template given to a `z.…` call, or its `error`).
  for (const zodFile of ZOD_FILES) {
    const file = program.getSourceFile(join(ROOT, zodFile))!;
    const visit = (node: ts.Node) => {
      // A `z.…` call, or a helper of the contract's that builds one (`wholeNumber(-1, 12, 'must be …')`).
      const helper =
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        ZOD_FILES.some(
          (each) => declarationOf(node.expression as ts.Identifier)?.getSourceFile().fileName === join(ROOT, each),
        );
      if (ts.isCallExpression(node) && (node.expression.getText().startsWith('z.') || helper)) {
        const callee = node.expression.getText();
        if (!['z.literal', 'z.enum', 'z.templateLiteral'].includes(callee))
          for (const argument of node.arguments) {
            const inner = unwrapped(argument);
            // A word alone is a name (a literal's value, a discriminator, a helper's noun), not a message.
            if (ts.isStringLiteralLike(inner) || ts.isTemplateExpression(inner))
              add(
                resolve(inner)!.filter((shape) => shape.includes(' ')),
                inner,
              );
            if (ts.isObjectLiteralExpression(inner))
              for (const property of inner.properties)
                if (
                  ts.isPropertyAssignment(property) &&
                  ts.isIdentifier(property.name) &&
                  ['error', 'message'].includes(property.name.text)
                ) {
                  const shapes = resolve(property.initializer);
                  if (shapes) add(shapes, property);
                }
          }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  for (const shape of HANDLER_MESSAGES) messages.push({ shape, where: 'lambdas/platform/handler.ts' });
  return { messages, unresolved };
}

function unwrapped(expression: ts.Expression): ts.Expression {
  let node = expression;
  while (
    ts.isParenthesizedExpression(node) ||
    ts.isNonNullExpression(node) ||
    ts.isAsExpression(node) ||
    ts.isSatisfiesExpression(node)
  )
    node = node.expression;
  return node;
}

/** A constant declared beside `declaration` (in the same module), by name. */
function declarationName(declaration: ts.Declaration, name: string, checker: ts.TypeChecker): ts.Expression {
  const file = declaration.getSourceFile();
  const symbol = checker.getSymbolsInScope(file, ts.SymbolFlags.Variable).find((each) => each.name === name);
  const found = symbol?.declarations?.[0];
  if (!found || !ts.isVariableDeclaration(found) || !found.initializer)
    throw new Error(`${name} is not a constant of ${file.fileName}`);
  return found.initializer;
}

/** A table key's form for comparing with a scanned shape: `{}` for a value (a date is one), `{phrase}` for a phrase. */
function shapeOf(message: string): string {
  return message.replace(/\{(?:(phrase|date):)?[A-Za-z][A-Za-z0-9]*\}/g, (_whole, kind) =>
    kind === 'phrase' ? '{phrase}' : '{}',
  );
}

/**
 * Whether a table key covers a scanned shape: the same words, a placeholder where the shape has one; where the
 * scan found a phrase the key must say `{phrase:…}` (its words are translated), where a value either will do.
 */
export function covers(key: string, shape: string): boolean {
  const keyParts = shapeOf(key).split(/(\{phrase\}|\{\})/);
  const shapeParts = shape.split(/(\{phrase\}|\{\})/);
  return (
    keyParts.length === shapeParts.length &&
    keyParts.every((each, index) => {
      const other = shapeParts[index]!;
      if (other === '{}') return each === '{}' || each === '{phrase}';
      return each === other;
    })
  );
}
