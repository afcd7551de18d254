// Where the build puts each lucide icon (vite.config.ts's manualChunks). Icons are a few hundred bytes
// each and shared by many pages; sent one by one with the pages they cost a dozen requests on a
// first load (tried and taken back), and all in one chunk a listing page downloaded a hundred icons
// it never shows. So three chunks: the icons of the app itself and a listing page (the first page of
// most visits after the landing page, which ships with the app), with what draws them and React;
// the few more that the other public pages show; and the rest, for the members' pages.
import path from 'node:path';
import type { ManualChunkMeta } from 'rollup';
import type { Plugin } from 'vite';

type ModuleInfo = NonNullable<ReturnType<ManualChunkMeta['getModuleInfo']>>;
type AstNode = { type: string; source?: { value: unknown }; specifiers?: { imported?: { name?: string; value?: string }; exported?: { name?: string; value?: string } }[] };

const iconPackage = '/node_modules/lucide-react/';
const iconFolder = `${iconPackage}dist/esm/icons/`;

function topLevelStatements(info: ModuleInfo | null): AstNode[] {
  return ((info?.ast as { body?: AstNode[] } | null | undefined)?.body ?? []) as AstNode[];
}

const nameOf = (node: { name?: string; value?: string } | undefined) => node?.name ?? node?.value;

/** The icon names a module imports from 'lucide-react'. */
function importedIconNames(info: ModuleInfo | null): string[] {
  return topLevelStatements(info)
    .filter((node) => node.type === 'ImportDeclaration' && node.source?.value === 'lucide-react')
    .flatMap((node) => (node.specifiers ?? []).map((specifier) => nameOf(specifier.imported)).filter((name): name is string => Boolean(name)));
}

/** lucide-react's index: each exported name (ArrowRight, ArrowRightIcon, ...) to its icon module's id. */
function iconModulesByName(index: ModuleInfo): Map<string, string> {
  const byName = new Map<string, string>();
  for (const node of topLevelStatements(index)) {
    if (node.type !== 'ExportNamedDeclaration' || typeof node.source?.value !== 'string') continue;
    const file = path.resolve(path.dirname(index.id), node.source.value);
    for (const specifier of node.specifiers ?? []) {
      const name = nameOf(specifier.exported);
      if (name) byName.set(name, file);
    }
  }
  return byName;
}

/**
 * The ids of the icon modules that `roots` and every module they import statically use. Throws when an
 * icon name cannot be found in lucide-react's index, so a change in the package cannot quietly send
 * every icon to the shared chunk.
 */
function iconsUsedFrom(roots: string[], getModuleInfo: ManualChunkMeta['getModuleInfo']): Set<string> {
  const seen = new Set<string>();
  const names = new Set<string>();
  let index: ModuleInfo | null = null;
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    const info = getModuleInfo(id);
    if (!info) return;
    if (id.includes(iconPackage)) {
      if (/\/lucide-react\.m?js$/.test(id)) index = info;
      return;
    }
    for (const name of importedIconNames(info)) names.add(name);
    for (const imported of info.importedIds) visit(imported);
  };
  for (const root of roots) visit(root);
  if (names.size === 0) return new Set();
  if (!index) throw new Error("icon-chunks: lucide-react's index module was not found among the app's imports");
  const byName = iconModulesByName(index);
  return new Set(
    [...names].map((name) => {
      const file = byName.get(name);
      if (!file) throw new Error(`icon-chunks: "${name}" is not an export of lucide-react's index`);
      return file;
    }),
  );
}

/** Whether a module of lucide-react is one icon (the rest: the component every icon is made with). */
function isIconModule(id: string): boolean {
  return id.includes(iconFolder);
}

/**
 * manualChunks for the icons: 'icons' for those `firstPages` (and what they import) use, with the
 * component that draws them (which brings React along); 'public-icons' for those `otherPublicPages`
 * add; 'more-icons' for the rest. Undefined for any module that is not lucide-react's.
 */
export function iconChunks({ firstPages, otherPublicPages }: { firstPages: string[]; otherPublicPages: string[] }): (id: string, meta: ManualChunkMeta) => string | undefined {
  let firstIcons: Set<string> | undefined;
  let publicIcons: Set<string> | undefined;
  return (id, meta) => {
    if (!id.includes(iconPackage)) return undefined;
    if (!isIconModule(id)) return 'icons';
    firstIcons ??= iconsUsedFrom(firstPages, meta.getModuleInfo);
    publicIcons ??= iconsUsedFrom([...firstPages, ...otherPublicPages], meta.getModuleInfo);
    return firstIcons.has(id) ? 'icons' : publicIcons.has(id) ? 'public-icons' : 'more-icons';
  };
}

/**
 * A build's icons without the React keys of their drawing's parts (`key: "1ays0h"`: random, so
 * incompressible, a kilobyte over the first pages' icons). An icon's parts are a fixed list that is
 * never reordered, and React needs keys there only to stop development builds from warning. The
 * keys are blanked to spaces of the same length, so the source maps still line up.
 */
export function iconsWithoutReactKeys(): Plugin {
  return {
    name: 'neighbourly:icons-without-react-keys',
    apply: 'build',
    transform(code, id) {
      if (!isIconModule(id)) return null;
      return { code: code.replace(/,\s*key:\s*"[^"]*"/g, (key) => ' '.repeat(key.length)), map: null };
    },
  };
}
