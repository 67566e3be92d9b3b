/**
 * The lint rule `layers/no-import-loop`: no file may import, directly or through others, a file
 * that imports it back. Every kind of import counts: values, `import type`, `export ... from`,
 * `import()` in code and in types. (eslint-plugin-import's `no-cycle` leaves type-only imports
 * out, and a loop of types is a loop of the design all the same.)
 *
 * How: the import graph of every file reached from the linted ones, read once per lint run with
 * TypeScript's own scanner and module resolution (the repository's settings: `moduleResolution:
 * Bundler`, workspace packages followed to their sources, node_modules left out), split into its
 * strongly connected components (Tarjan). An import is reported when its target is in the
 * importing file's component, with one loop through it spelled out.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import ts from 'typescript';

const COMPILER_OPTIONS = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  resolveJsonModule: true,
  allowJs: true,
  jsx: ts.JsxEmit.ReactJSX,
};

/** One lint run's view of the files: their imports, and the loops they make. */
class ImportGraph {
  constructor() {
    this.resolutionCache = ts.createModuleResolutionCache(process.cwd(), (f) => f);
    /** file -> its resolved imports, in order: [{ specifier, target }] */
    this.imports = new Map();
    /** file -> the id of its strongly connected component */
    this.component = new Map();
    /** component id -> its files (only components of more than one file are loops) */
    this.members = new Map();
    this.nextComponent = 0;
  }

  resolve(specifier, from) {
    const { resolvedModule } = ts.resolveModuleName(
      specifier,
      from,
      COMPILER_OPTIONS,
      ts.sys,
      this.resolutionCache,
    );
    if (!resolvedModule || resolvedModule.isExternalLibraryImport) return null;
    const target = resolvedModule.resolvedFileName;
    if (target.includes('/node_modules/') || target.endsWith('.d.ts')) return null;
    return target;
  }

  /** The file's imports, from `text` when given (the linted file as the editor has it). */
  importsOf(file, text) {
    if (text === undefined && this.imports.has(file)) return this.imports.get(file);
    let source = text;
    if (source === undefined) {
      try {
        source = readFileSync(file, 'utf8');
      } catch {
        source = '';
      }
    }
    const found = [];
    for (const { fileName } of ts.preProcessFile(source, true, true).importedFiles) {
      const target = this.resolve(fileName, file);
      if (target && target !== file) found.push({ specifier: fileName, target });
    }
    const known = this.imports.get(file);
    if (known && !sameTargets(known, found)) this.forgetComponents();
    this.imports.set(file, found);
    return found;
  }

  forgetComponents() {
    this.component.clear();
    this.members.clear();
  }

  /**
   * Tarjan's algorithm from `start`, iterative, over files not placed yet. A file placed by an
   * earlier run cannot share a component with one that is not: all it reaches was placed too.
   */
  place(start) {
    if (this.component.has(start)) return;
    const index = new Map();
    const low = new Map();
    const stack = [];
    const onStack = new Set();
    let counter = 0;
    const visit = (file) => {
      index.set(file, counter);
      low.set(file, counter);
      counter++;
      stack.push(file);
      onStack.add(file);
      return { file, next: 0, edges: this.importsOf(file) };
    };
    const frames = [visit(start)];
    while (frames.length > 0) {
      const frame = frames[frames.length - 1];
      if (frame.next < frame.edges.length) {
        const { target } = frame.edges[frame.next++];
        if (this.component.has(target)) continue;
        if (!index.has(target)) {
          frames.push(visit(target));
        } else if (onStack.has(target)) {
          low.set(frame.file, Math.min(low.get(frame.file), index.get(target)));
        }
        continue;
      }
      frames.pop();
      const parent = frames[frames.length - 1];
      if (parent) low.set(parent.file, Math.min(low.get(parent.file), low.get(frame.file)));
      if (low.get(frame.file) === index.get(frame.file)) {
        const id = this.nextComponent++;
        const files = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          this.component.set(member, id);
          files.push(member);
        } while (member !== frame.file);
        if (files.length > 1) this.members.set(id, new Set(files));
      }
    }
  }

  /** The files of `file`'s loop, or null when it is in none. */
  loopOf(file) {
    this.place(file);
    return this.members.get(this.component.get(file)) ?? null;
  }

  /** The shortest way from `from` back to `to` inside one loop (both included). */
  way(from, to, loop) {
    const cameFrom = new Map([[from, null]]);
    const queue = [from];
    while (queue.length > 0) {
      const file = queue.shift();
      if (file === to) break;
      for (const { target } of this.importsOf(file)) {
        if (!loop.has(target) || cameFrom.has(target)) continue;
        cameFrom.set(target, file);
        queue.push(target);
      }
    }
    const path = [];
    for (let file = to; file !== null && file !== undefined; file = cameFrom.get(file)) {
      path.unshift(file);
    }
    return path;
  }
}

const sameTargets = (a, b) =>
  a.length === b.length && a.every((entry, i) => entry.target === b[i]?.target);

/**
 * One graph per lint run: a run lints file after file, so a pause longer than IDLE_MS starts a
 * new graph (an editor's next lint then reads the files changed since).
 */
const IDLE_MS = 5_000;
let graph = new ImportGraph();
let graphCwd = null;
let lastUse = 0;

/** The module specifier of an import-like node, or null. */
function specifierOf(node) {
  switch (node.type) {
    case 'ImportDeclaration':
    case 'ExportAllDeclaration':
    case 'ExportNamedDeclaration':
    case 'ImportExpression':
      return node.source?.type === 'Literal' && typeof node.source.value === 'string'
        ? node.source.value
        : null;
    case 'TSImportType': {
      const argument = node.argument;
      const literal = argument?.type === 'TSLiteralType' ? argument.literal : argument;
      return literal?.type === 'Literal' && typeof literal.value === 'string'
        ? literal.value
        : null;
    }
    default:
      return null;
  }
}

export const noImportLoop = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Forbid import loops: a file may not reach itself through its imports, type imports included.',
    },
    schema: [],
    messages: {
      loop: 'Import loop: {{way}}. Move what both sides need into a module that neither imports back, or pass it in.',
    },
  },
  create(context) {
    const file = context.physicalFilename;
    if (!file || file === '<input>' || file === '<text>') return {};
    const now = Date.now();
    if (graphCwd !== context.cwd || now - lastUse > IDLE_MS) {
      graph = new ImportGraph();
      graphCwd = context.cwd;
    }
    lastUse = now;
    graph.importsOf(file, context.sourceCode.text);
    const loop = graph.loopOf(file);
    if (!loop) return {};
    const name = (f) => relative(context.cwd, f);
    const check = (node) => {
      const specifier = specifierOf(node);
      if (specifier === null) return;
      const target = graph.resolve(specifier, file);
      if (!target || !loop.has(target)) return;
      const way = graph.way(target, file, loop);
      context.report({
        node,
        messageId: 'loop',
        data: { way: [file, ...way].map(name).join(' -> ') },
      });
    };
    return {
      ImportDeclaration: check,
      ExportAllDeclaration: check,
      ExportNamedDeclaration: check,
      ImportExpression: check,
      TSImportType: check,
    };
  },
};

export default { rules: { 'no-import-loop': noImportLoop } };
