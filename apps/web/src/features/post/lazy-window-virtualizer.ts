import type * as VirtualCore from '@tanstack/virtual-core';
import type { Virtualizer, VirtualizerOptions } from '@tanstack/virtual-core';

type Core = typeof VirtualCore;
export type WindowVirtualizer = Virtualizer<Window, HTMLElement>;

export interface VirtualListOptions {
  count: number;
  getItemKey: (index: number) => string;
  /** The height an item is taken to have until it has been measured. */
  estimatedSize: number;
  overscan: number;
  /** The list's distance from the top of the document. */
  scrollMargin: number;
}

/**
 * A window-scrolled @tanstack/virtual-core virtualiser whose code loads on demand, for a list
 * that starts plain (every item in the DOM) and turns virtual once it grows. It does what
 * @tanstack/react-virtual's useWindowVirtualizer does (the same options, a change notification
 * per scroll, the mount and update hooks), with the Virtualizer created late: that hook cannot
 * be called conditionally, and importing it puts the core in the first load.
 *
 * React side: `subscribe`/`getSnapshot` for useSyncExternalStore (its re-renders are
 * synchronous, as react-virtual's flushSync while scrolling), `setOptions` on each render,
 * `update` after each commit (a layout effect), `dispose` on unmount.
 */
export class LazyWindowVirtualizer {
  private core: Core | null = null;
  private loading = false;
  private instance: WindowVirtualizer | null = null;
  /** Unsubscribes the virtualiser from the window's scroll and size (its _didMount cleanup). */
  private unmount: (() => void) | null = null;
  private options: VirtualListOptions | null = null;
  private version = 0;
  private readonly listeners = new Set<() => void>();
  /** Heights the items had in the plain list, by key. */
  private readonly plainSizes = new Map<string, number>();

  constructor(
    private readonly loadCore: () => Promise<Core> = () => import('@tanstack/virtual-core'),
  ) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): number => this.version;

  /** The virtualiser once the list has turned virtual; null while it is plain. */
  get virtualizer(): WindowVirtualizer | null {
    return this.instance;
  }

  /** Starts loading the code, once; if it fails to load, the list stays plain. */
  load(): void {
    if (this.core || this.loading) return;
    this.loading = true;
    this.loadCore().then(
      (core) => {
        this.core = core;
        this.notify();
      },
      () => {
        this.loading = false;
      },
    );
  }

  setOptions(options: VirtualListOptions): void {
    this.options = options;
    if (this.instance && this.core) this.instance.setOptions(this.resolve(this.core, options));
  }

  /**
   * After each commit. Turns the list virtual when `active` and the code is there, starting
   * from the heights the plain list's items have (`[data-index]` elements under `container`),
   * so nothing moves at the switch.
   */
  update(active: boolean, container: HTMLElement | null): void {
    const { core, options } = this;
    if (!this.instance && active && core && options) {
      for (const element of container?.querySelectorAll<HTMLElement>('[data-index]') ?? []) {
        // offsetHeight, as the virtualiser measures its items.
        const height = element.offsetHeight;
        if (height > 0)
          this.plainSizes.set(options.getItemKey(Number(element.dataset.index)), height);
      }
      this.instance = new core.Virtualizer(this.resolve(core, options));
      this.notify();
    }
    if (this.instance) {
      this.unmount ??= this.instance._didMount();
      this.instance._willUpdate();
    }
  }

  /** On unmount; a later update subscribes again (React's development double mount). */
  dispose(): void {
    this.unmount?.();
    this.unmount = null;
  }

  private resolve(
    core: Core,
    options: VirtualListOptions,
  ): VirtualizerOptions<Window, HTMLElement> {
    return {
      count: options.count,
      getScrollElement: () => window,
      observeElementRect: core.observeWindowRect,
      observeElementOffset: core.observeWindowOffset,
      scrollToFn: core.windowScroll,
      initialOffset: () => window.scrollY,
      estimateSize: (index) =>
        this.plainSizes.get(options.getItemKey(index)) ?? options.estimatedSize,
      overscan: options.overscan,
      scrollMargin: options.scrollMargin,
      getItemKey: options.getItemKey,
      onChange: () => this.notify(),
    };
  }

  private notify(): void {
    this.version++;
    this.listeners.forEach((listener) => listener());
  }
}
