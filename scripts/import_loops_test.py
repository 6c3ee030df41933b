#!/usr/bin/env python3
"""The import-loop check on small trees made for it: it finds a loop through `use`, through a
path in code and through a re-export, and passes what only looks like one (a parent that
re-exports its children, test modules, a module loaded later in the front end that does not
import back). Run by `just loops` beside the check itself."""

import importlib.util
import os
import shutil
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location('import_loops', os.path.join(HERE, 'import-loops.py'))
loops_module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(loops_module)


def tree(files):
    root = tempfile.mkdtemp()
    CREATED.append(root)
    for path, text in files.items():
        full = os.path.join(root, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, 'w', encoding='utf-8') as f:
            f.write(text)
    return root


CREATED = []


def tearDownModule():
    for root in CREATED:
        shutil.rmtree(root, ignore_errors=True)


def rust_loops(files):
    root = tree(files)
    graph = loops_module.RustCrate(root).edges()
    return [sorted(os.path.relpath(f, root) for f in c) for c in loops_module.loops(graph)]


class RustLoops(unittest.TestCase):
    def test_two_files_that_use_each_other(self):
        found = rust_loops({
            'lib.rs': 'pub mod a;\npub mod b;\n',
            'a.rs': 'use crate::b::B;\npub struct A;\n',
            'b.rs': 'pub struct B;\npub fn f() { let _ = super::a::A; }\n',
        })
        self.assertEqual(found, [['a.rs', 'b.rs']])

    def test_a_loop_through_a_re_export_and_a_use_tree(self):
        found = rust_loops({
            'lib.rs': 'pub mod service;\n',
            'service/mod.rs': 'mod x;\nmod y;\npub use x::X;\n',
            'service/x.rs': 'use super::{y::{self, Y}};\npub struct X;\n',
            'service/y.rs': 'use crate::service::X;\npub struct Y;\n',
        })
        self.assertEqual(found, [['service/x.rs', 'service/y.rs']])

    def test_a_parent_that_wires_its_children_and_shares_a_helper_is_a_loop(self):
        found = rust_loops({
            'lib.rs': 'mod api;\n',
            'api/mod.rs': 'mod list;\npub fn configure() { list::handler(); }\nfn cards() {}\n',
            'api/list.rs': 'pub fn handler() { super::cards(); }\n',
        })
        self.assertEqual(found, [['api/list.rs', 'api/mod.rs']])

    def test_what_only_looks_like_a_loop(self):
        found = rust_loops({
            'lib.rs': 'pub mod a;\npub mod b;\npub use a::A;\npub use kernel::Thing;\n',
            'a.rs': 'use crate::b::B;\npub struct A;\n',
            # A re-export of the parent's, a string and a comment, and test code.
            'b.rs': (
                'use crate::Thing;\npub struct B;\n// crate::a::A\nconst S: &str = "crate::a::A";\n'
                '#[cfg(test)]\nmod tests {\n    use crate::a::A;\n}\n'
            ),
        })
        self.assertEqual(found, [])


class FrontEndLoops(unittest.TestCase):
    def test_a_module_loaded_later_that_imports_its_loader(self):
        root = tree({
            'ui/toast.tsx': "import { x } from '@/lib/x';\nconst V = lazy(() => import('./ToastView'));\nexport const T = 1;\n",
            'ui/ToastView.tsx': "import { T } from './toast';\n",
            'lib/x.ts': 'export const x = 1;\n',
        })
        found = loops_module.loops(loops_module.ts_edges(root))
        self.assertEqual([sorted(os.path.relpath(f, root) for f in c) for c in found],
                         [['ui/ToastView.tsx', 'ui/toast.tsx']])

    def test_one_way_imports(self):
        root = tree({
            'ui/toast.tsx': "import type { Toast } from './toast-model';\nconst V = lazy(() => import('./ToastView'));\n",
            'ui/ToastView.tsx': "import { T } from './toast-model';\n",
            'ui/toast-model.ts': 'export const T = 1;\n',
        })
        self.assertEqual(loops_module.loops(loops_module.ts_edges(root)), [])


if __name__ == '__main__':
    unittest.main()
