// The site's islands: the modules that call defineIsland (docsgen/runtime). The islands runtime, which pages of a
// template exporting `hydration = 'islands'` load instead of React, bundles what this file imports.
import './code-copy';
import './nav-tree-island';
import './site-header-island';
import './toc';
