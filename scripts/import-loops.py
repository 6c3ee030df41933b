#!/usr/bin/env python3
"""Import loops: files that reach each other through their imports, in each Rust crate's
`src` and in the front end's `src` (issue 48 §3). Prints every loop and exits 1 when there is
one; `--graph FILE` prints one file's edges (what it imports and why), to see where a loop
goes.

A Rust file depends on another when it names an item of it: through `use` or a path in its
code (`crate::…`, `super::…`, `self::…`, or a child module's name). Paths are followed
through re-exports (`pub use x::Item`, `pub use x::*`) to the file that defines the item, so
a parent that only re-exports its children does not depend on them, and `mod child;` is no
dependency either. Test code (`#[cfg(test)]` modules) is left out. In the front end a module
depends on what it imports (`import`, `export … from`, type imports and `import()`
included: a module loaded later that imports its loader back is a loop all the same).
"""

import os
import re
import sys
from collections import defaultdict

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def read(path):
    with open(path, encoding='utf-8') as f:
        return f.read()

# ----------------------------------------------------------------------------------- Rust

RUST_TOKENS = re.compile(
    r'//[^\n]*|/\*.*?\*/|r(#*)".*?"\1|b?"(?:\\.|[^"\\])*"|b?\'(?:\\.|[^\'\\\n])\'',
    re.S,
)


def strip_rust(text):
    """The code without comments, strings and character literals (kept as blanks of the same
    lines, so positions stay meaningful)."""

    def blank(m):
        return re.sub(r'[^\n]', ' ', m.group(0)) if m.group(0).startswith(('/', 'r', 'b', '"')) else "' '"

    return RUST_TOKENS.sub(blank, text)


def matching_brace(text, open_at):
    depth = 0
    for i in range(open_at, len(text)):
        if text[i] == '{':
            depth += 1
        elif text[i] == '}':
            depth -= 1
            if depth == 0:
                return i
    return len(text) - 1


def without_tests(text):
    """The code without `#[cfg(test)]` items (test modules and test-only functions)."""
    out, pos = [], 0
    for m in re.finditer(r'#\[cfg\(test\)\]', text):
        if m.start() < pos:
            continue
        brace = text.find('{', m.end())
        semi = text.find(';', m.end())
        if brace == -1 or (semi != -1 and semi < brace):
            end = semi
        else:
            end = matching_brace(text, brace)
        out.append(text[pos:m.start()])
        pos = end + 1
    out.append(text[pos:])
    return ''.join(out)


def inline_modules(text):
    """(start, end, name) of each inline `mod name { … }` block."""
    blocks = []
    for m in re.finditer(r'\bmod\s+(\w+)\s*\{', text):
        blocks.append((m.end() - 1, matching_brace(text, m.end() - 1), m.group(1)))
    return blocks


def expand_use_tree(tree):
    """`a::{b, c::{self, D}}` → [['a','b'], ['a','c'], ['a','c','D']] (aliases are removed
    before: the name imported is what the path names)."""
    tree = re.sub(r'\s+', '', tree)
    paths = []

    def walk(prefix, s):
        depth, start, parts = 0, 0, []
        for i, ch in enumerate(s):
            if ch == '{':
                depth += 1
            elif ch == '}':
                depth -= 1
            elif ch == ',' and depth == 0:
                parts.append(s[start:i])
                start = i + 1
        parts.append(s[start:])
        for part in parts:
            if not part:
                continue
            brace = part.find('{')
            if brace != -1 and part.endswith('}'):
                head = [x for x in part[:brace].split('::') if x]
                walk(prefix + head, part[brace + 1:-1])
                continue
            segs = [x for x in part.split('::') if x]
            if segs and segs[-1] == 'self':
                segs = segs[:-1]
            paths.append(prefix + segs)

    walk([], tree)
    return paths


USE = re.compile(r'\b(pub(?:\([^)]*\))?\s+)?use\s+([^;]+);')
ALIAS = re.compile(r'\s+as\s+\w+')
DEFINES = r'\b(?:fn|struct|enum|trait|type|const|static|mod|union)\s+{name}\b|macro_rules!\s*{name}\b'


class RustCrate:
    def __init__(self, src):
        self.src = src
        self.files = {}  # module path (tuple) → file
        for dirpath, _, names in os.walk(src):
            for name in names:
                if not name.endswith('.rs'):
                    continue
                path = os.path.join(dirpath, name)
                rel = os.path.relpath(path, src)[:-3].split(os.sep)
                if rel in (['lib'], ['main']):
                    if rel == ['main'] and os.path.exists(os.path.join(src, 'lib.rs')):
                        continue  # the binary uses the library as another crate
                    module = ()
                elif rel[-1] == 'mod':
                    module = tuple(rel[:-1])
                else:
                    module = tuple(rel)
                self.files[module] = path
        self.code = {m: without_tests(strip_rust(read(f))) for m, f in self.files.items()}
        self.reexports = {m: self._reexports(m) for m in self.files}

    def _uses(self, module):
        """(is_pub, path) for each path a module's `use` names, outside inline modules, and the
        inline module each lies in (a tuple of names)."""
        text = self.code[module]
        blocks = inline_modules(text)
        for m in USE.finditer(text):
            inside = tuple(name for start, end, name in blocks if start < m.start() < end)
            for path in expand_use_tree(ALIAS.sub('', m.group(2))):
                yield bool(m.group(1)), inside, path

    def _reexports(self, module):
        named, globs = {}, []
        for is_pub, inside, path in self._uses(module):
            if not is_pub or inside or not path:
                continue
            if path[-1] == '*':
                globs.append(path[:-1])
            else:
                named[path[-1]] = path
        return named, globs

    def absolute(self, module, path):
        """The path from the crate's root, or None for another crate's."""
        if not path:
            return None
        head = path[0]
        if head == 'crate':
            return list(path[1:])
        if head in ('self', 'super'):
            base = list(module)
            rest = list(path)
            while rest and rest[0] in ('self', 'super'):
                if rest.pop(0) == 'super':
                    if not base:
                        return None
                    base.pop()
            return base + rest
        if tuple(module) + (head,) in self.files:
            return list(module) + list(path)
        return None

    def defines(self, module, name):
        return re.search(DEFINES.format(name=re.escape(name)), self.code[module]) is not None

    def resolve(self, path, depth=0):
        """The file (module) that defines what an absolute path names."""
        if depth > 8:
            return None
        i = len(path)
        while i >= 0 and tuple(path[:i]) not in self.files:
            i -= 1
        if i < 0:
            return None
        module, rest = tuple(path[:i]), path[i:]
        if not rest or rest == ['*'] or self.defines(module, rest[0]):
            return module
        named, globs = self.reexports[module]
        if rest[0] in named:
            target = self.absolute(module, named[rest[0]])
            if target is not None:
                return self.resolve(target + rest[1:], depth + 1)
            return None  # another crate's, named here: no file of this crate
        for glob in globs:
            base = self.absolute(module, glob)
            if base is not None:
                found = self.resolve(base + rest, depth + 1)
                if found is not None and (found != tuple(base) or self.defines(found, rest[0])):
                    return found
        return module

    def edges(self):
        graph = defaultdict(dict)
        for module in self.files:
            text = self.code[module]
            blocks = inline_modules(text)
            for is_pub, inside, path in self._uses(module):
                if is_pub and not inside:
                    continue  # a re-export: an alias, followed where it is used
                self._add(graph, module, inside, path, 'use ' + '::'.join(path))
            code = USE.sub(' ', text)
            children = [m[-1] for m in self.files if len(m) == len(module) + 1 and m[:-1] == module]
            heads = ['crate', 'super', 'self'] + children
            pattern = r'(?<![\w:])(?:' + '|'.join(map(re.escape, heads)) + r')(?:::\w+)+'
            for m in re.finditer(pattern, code):
                inside = tuple(name for start, end, name in blocks if start < m.start() < end)
                path = m.group(0).split('::')
                self._add(graph, module, inside, path, m.group(0))
        return graph

    def _add(self, graph, module, inside, path, why):
        start = tuple(module) + inside
        absolute = self.absolute(start, path)
        if absolute is None:
            return
        target = self.resolve(absolute)
        if target is not None and target != module:
            graph[self.files[module]].setdefault(self.files[target], why)


# ------------------------------------------------------------------------------ front end

TS_IMPORT = re.compile(
    r'^\s*(?:import|export)\s+(?:type\s+)?(?:[\w*${}\s,]+?\s+from\s+)?[\'"]([^\'"]+)[\'"]',
    re.M,
)


def ts_edges(src):
    graph = defaultdict(dict)
    exts = ('.ts', '.tsx')
    for dirpath, _, names in os.walk(src):
        if os.path.relpath(dirpath, src).split(os.sep)[0] == 'api':
            continue  # generated
        for name in names:
            if not name.endswith(exts) or name.endswith(('.test.ts', '.test.tsx', '.d.ts')):
                continue
            path = os.path.join(dirpath, name)
            text = re.sub(r'/\*.*?\*/|//[^\n]*', '', read(path), flags=re.S)
            for m in re.finditer(r'(?:import|export)\s[^;]*?from\s*[\'"]([^\'"]+)[\'"]|import\s*\(?\s*[\'"]([^\'"]+)[\'"]', text):
                spec = m.group(1) or m.group(2)
                if spec.startswith('@/'):
                    base = os.path.join(src, spec[2:])
                elif spec.startswith('.'):
                    base = os.path.normpath(os.path.join(dirpath, spec))
                else:
                    continue
                for candidate in [base] + [base + e for e in exts] + [os.path.join(base, 'index' + e) for e in exts]:
                    if os.path.isfile(candidate) and candidate != path:
                        graph[path].setdefault(candidate, m.group(0).split('\n')[0][:80])
                        break
    return graph


# ---------------------------------------------------------------------------------- loops


def loops(graph):
    """Strongly connected components of more than one file (Tarjan, iterative)."""
    index, low, on_stack, stack, out, counter = {}, {}, set(), [], [], [0]
    nodes = set(graph) | {t for ts in graph.values() for t in ts}
    for root in sorted(nodes):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.get(root, {}))))]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            advanced = False
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter[0]
                    counter[0] += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, {})))))
                    advanced = True
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    component.append(top)
                    if top == node:
                        break
                if len(component) > 1:
                    out.append(sorted(component))
    return out


def shortest_cycle(graph, members):
    """The shortest loop among a component's files (breadth first from each)."""
    best = None
    for start in sorted(members):
        previous, queue = {start: None}, [start]
        while queue:
            node = queue.pop(0)
            if start in graph.get(node, {}) and node in previous:
                path = [node]
                while previous[path[-1]] is not None:
                    path.append(previous[path[-1]])
                path.reverse()
                if best is None or len(path) < len(best):
                    best = path
                break
            for child in sorted(graph.get(node, {})):
                if child in members and child not in previous:
                    previous[child] = node
                    queue.append(child)
    return best


def graphs():
    crates = os.path.join(ROOT, 'crates')
    for name in sorted(os.listdir(crates)):
        src = os.path.join(crates, name, 'src')
        if os.path.isdir(src):
            yield f'crates/{name}', RustCrate(src).edges()
    yield 'frontend', ts_edges(os.path.join(ROOT, 'frontend', 'src'))


def main(argv):
    rel = lambda p: os.path.relpath(p, ROOT)
    if len(argv) == 3 and argv[1] == '--graph':
        wanted = os.path.abspath(argv[2])
        for _, graph in graphs():
            for target, why in sorted(graph.get(wanted, {}).items()):
                print(f'{rel(target)}  ({why})')
        return 0
    found = 0
    for name, graph in graphs():
        for component in loops(graph):
            found += 1
            print(f'{name}: {len(component)} files reach each other; the shortest way round:')
            cycle = shortest_cycle(graph, set(component))
            for a, b in zip(cycle, cycle[1:] + cycle[:1]):
                print(f'  {rel(a)} → {rel(b)}  ({graph[a][b]})')
    if found:
        print(f'{found} import loop(s): move what both sides need into a file of its own (issue 48 §3)')
        return 1
    print('no import loops')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
