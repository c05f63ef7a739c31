/**
 * What jsdom lacks and Radix (Popover, Select) and cmdk call: ResizeObserver, scrollIntoView and
 * pointer capture. Test-only: the unit project's setup file installs it for every component test.
 */
export function installDomPolyfills(): void {
  globalThis.ResizeObserver ??= class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
  Element.prototype.scrollIntoView ??= function scrollIntoView() {};
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.setPointerCapture ??= () => {};
  Element.prototype.releasePointerCapture ??= () => {};
}
