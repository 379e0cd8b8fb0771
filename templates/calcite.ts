// The Calcite components the templates use. Importing a component module defines its custom element (in the
// browser) or registers it with Lit's server shim (at build time), which the React wrappers need to tell
// properties from attributes. Only these are bundled; the rest of the library is never downloaded.
import '@esri/calcite-components/components/calcite-navigation';
import '@esri/calcite-components/components/calcite-navigation-logo';
import '@esri/calcite-components/components/calcite-menu';
import '@esri/calcite-components/components/calcite-menu-item';
import '@esri/calcite-components/components/calcite-notice';
import '@esri/calcite-components/components/calcite-dropdown';
import '@esri/calcite-components/components/calcite-dropdown-group';
import '@esri/calcite-components/components/calcite-dropdown-item';
import '@esri/calcite-components/components/calcite-progress';

export {
  CalciteNavigation,
  CalciteNavigationLogo,
  CalciteMenu,
  CalciteMenuItem,
  CalciteNotice,
  CalciteDropdown,
  CalciteDropdownGroup,
  CalciteDropdownItem,
  CalciteProgress,
} from '@esri/calcite-components-react';
