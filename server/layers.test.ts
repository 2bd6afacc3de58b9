// The HTTP adapters (Express, tus, the cross-site refusal) live in server/; the screens (app/),
// the studio's rules (domain/) and the plumbing (platform/) know nothing of Express or of them.
// And domain/ knows no HTTP at all (ADR 017, ADR 036): no React Router, no Express, no fetch
// Request or Response. Routes and server/ read requests and cookies and write responses; the
// domain takes and gives values.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { ROOT } from "#fixtures/server-process.ts";

const IMPORT = /\b(?:from|import)\s*\(?\s*["']([^"']+)["']/g;

/** Packages that are HTTP frameworks: the domain imports none of them. */
function isHttpPackage(specifier: string): boolean {
  return (
    specifier === "react-router" ||
    specifier.startsWith("react-router/") ||
    specifier.startsWith("@react-router/") ||
    specifier === "express" ||
    specifier.startsWith("express/")
  );
}

/** The fetch API's HTTP messages: a domain function takes values, not a Request, and answers no Response. */
const HTTP_MESSAGES = new Set(["Request", "Response"]);

/**
 * What a source file does that domain/ must not: an import of an HTTP package, or the name
 * Request or Response used as a type or a value. Read as TypeScript, so comments and strings
 * ("{Name}Response", a schema's name) do not count, and neither does a property of that name.
 */
function httpUsesOf(file: string, source: string): string[] {
  const found: string[] = [];
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      isHttpPackage(node.moduleSpecifier.text)
    ) {
      found.push(`imports ${node.moduleSpecifier.text}`);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0]) &&
      isHttpPackage(node.arguments[0].text)
    ) {
      found.push(`imports ${node.arguments[0].text}`);
    } else if (ts.isIdentifier(node) && HTTP_MESSAGES.has(node.text)) {
      const parent = node.parent;
      const isPropertyName =
        (ts.isPropertyAccessExpression(parent) && parent.name === node) ||
        ((ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent) || ts.isMethodDeclaration(parent)) &&
          parent.name === node);
      if (!isPropertyName) {
        const { line } = tree.getLineAndCharacterOfPosition(node.getStart(tree));
        found.push(`uses ${node.text} (line ${line + 1})`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

/**
 * HTTP still in domain/ that another change is taking out: each entry must still be there (so the
 * allowance goes when the code does). Empty: domain/ has none left.
 */
const PENDING: Record<string, string[]> = {};

/**
 * Where an import of `file` lands, from the repository's root (relative or `#domain/`), or null
 * for a package or another alias.
 */
function importTarget(file: string, specifier: string): string | null {
  if (specifier.startsWith("#domain/")) return specifier.slice(1);
  if (specifier.startsWith(".")) return path.posix.join(path.posix.dirname(file), specifier);
  return null;
}

/** The imports of files under `folder` (tests too) that land under one of `forbidden`. */
function importsInto(folder: string, forbidden: (target: string) => boolean): string[] {
  const offenders: string[] = [];
  for (const file of fs.globSync(`${folder}/**/*.{ts,tsx}`, { cwd: ROOT }).sort()) {
    const source = fs.readFileSync(path.join(ROOT, file), "utf8");
    for (const [, specifier = ""] of source.matchAll(IMPORT)) {
      const target = importTarget(file, specifier);
      if (target && forbidden(target)) offenders.push(`${file}: ${specifier}`);
    }
  }
  return offenders;
}

describe("layers", () => {
  it("app/, domain/ and platform/ import neither Express nor server/", () => {
    const files = fs.globSync("{app,domain,platform}/**/*.{ts,tsx}", { cwd: ROOT });
    expect(files.length).toBeGreaterThan(100);
    const offenders: string[] = [];
    for (const file of files) {
      const source = fs.readFileSync(path.join(ROOT, file), "utf8");
      for (const [, specifier = ""] of source.matchAll(IMPORT)) {
        const toServer = specifier.startsWith("#server/") || /^(\.\.\/)+server\//.test(specifier);
        if (specifier === "express" || specifier.startsWith("express/") || toServer) {
          offenders.push(`${file}: ${specifier}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });

  it("domain/ knows no HTTP: no React Router, no Express, no Request or Response", () => {
    const files = fs
      .globSync("domain/**/*.{ts,tsx}", { cwd: ROOT })
      .filter((file) => !/\.test\.tsx?$/.test(file))
      .sort();
    expect(files.length).toBeGreaterThan(50);
    const offenders: string[] = [];
    const pendingStill: Record<string, string[]> = {};
    for (const file of files) {
      const uses = httpUsesOf(file, fs.readFileSync(path.join(ROOT, file), "utf8"));
      const pending = PENDING[file] ?? [];
      pendingStill[file] = pending.filter((use) => uses.includes(use));
      offenders.push(...uses.filter((use) => !pending.includes(use)).map((use) => `${file}: ${use}`));
    }
    expect(offenders).toEqual([]);
    // An allowance whose code has gone is taken out of PENDING.
    for (const [file, uses] of Object.entries(PENDING)) expect(pendingStill[file] ?? [], file).toEqual(uses);
  });

  // The catalog and the media import each other no more (ADR 039, "Owners"): domain/media/ is the
  // files layer (the pipeline, storage, checksums, their constants) and stands on platform/ alone;
  // the catalog records and shows files through it; what needs both and the galleries (an upload's
  // job, rendering again, repair, backups) is domain/processing/, above them. A cycle back would
  // let a change to how files are stored reach into who may see them, and the other way round.
  it("domain/media/ imports no other domain folder, and the catalog and galleries nothing from processing", () => {
    expect(fs.globSync("domain/media/*.ts", { cwd: ROOT }).length).toBeGreaterThan(3);
    const outsideMedia = (target: string) => target.startsWith("domain/") && !target.startsWith("domain/media/");
    expect(importsInto("domain/media", outsideMedia)).toEqual([]);
    const intoProcessing = (target: string) => target.startsWith("domain/processing/");
    expect(importsInto("domain/catalog", intoProcessing)).toEqual([]);
    // The galleries queue a re-render through the job queue; its handler is processing's.
    expect(importsInto("domain/galleries", intoProcessing)).toEqual([]);
  });

  it("reads where an import lands, relative or through #domain/", () => {
    expect(importTarget("domain/media/a.ts", "../catalog/b.ts")).toBe("domain/catalog/b.ts");
    expect(importTarget("domain/media/a.ts", "./b.ts")).toBe("domain/media/b.ts");
    expect(importTarget("domain/media/a.ts", "../../platform/c.ts")).toBe("platform/c.ts");
    expect(importTarget("domain/media/a.ts", "#domain/catalog/b.ts")).toBe("domain/catalog/b.ts");
    expect(importTarget("domain/media/a.ts", "#platform/bytes.ts")).toBeNull();
    expect(importTarget("domain/media/a.ts", "sharp")).toBeNull();
  });

  it("finds HTTP in code, not in comments, strings or property names", () => {
    const source = `
      // a Request in a comment, and "Response" in a string, or \`\${name}Response\`
      import { data } from "react-router";
      import type { Express } from "express";
      const lazy = await import("@react-router/node");
      export function answer(request: Request): Response { return new Response(null); }
      const shape = { Response: 1 }; shape.Response; type T = { Request: string };
    `;
    expect(httpUsesOf("x.ts", source)).toEqual([
      "imports react-router",
      "imports express",
      "imports @react-router/node",
      "uses Request (line 6)",
      "uses Response (line 6)",
      "uses Response (line 6)",
    ]);
    expect(httpUsesOf("y.ts", 'const name = "Response"; /* Request */')).toEqual([]);
  });
});
