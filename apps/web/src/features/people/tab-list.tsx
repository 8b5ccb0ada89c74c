import { useRef, type KeyboardEvent } from 'react';
import { tabIndexAfterKey } from '../../lib/tablist-keys.ts';
import { TAB_CLASS, TAB_LIST_CLASS } from './tab-styles.ts';

export interface TabItem<T extends string> {
  id: T;
  label: string;
}

/**
 * A hand-written WAI-ARIA tablist (arrow keys, Home and End move, select and focus), as the
 * feed's and the time capsules' tabs draw it: Radix Tabs would add 9 KB to the feed's first
 * load. Tab `t` is `${idBase}-${t}`; it controls the panel `${idBase}-panel` (tabPanelProps).
 */
export function TabList<T extends string>({
  label,
  tabs,
  selected,
  onSelect,
  idBase,
}: {
  label: string;
  tabs: readonly TabItem<T>[];
  selected: T;
  onSelect: (tab: T) => void;
  idBase: string;
}) {
  const tabRefs = useRef(new Map<T, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((item) => item.id === selected);
    const target = tabIndexAfterKey(event.key, index, tabs.length);
    const next = target === null ? undefined : tabs[target];
    if (!next) return;
    event.preventDefault();
    onSelect(next.id);
    tabRefs.current.get(next.id)?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className={TAB_LIST_CLASS} onKeyDown={onKeyDown}>
      {tabs.map((item) => (
        <button
          key={item.id}
          ref={(element) => {
            if (element) tabRefs.current.set(item.id, element);
            else tabRefs.current.delete(item.id);
          }}
          type="button"
          role="tab"
          id={`${idBase}-${item.id}`}
          aria-selected={selected === item.id}
          aria-controls={`${idBase}-panel`}
          tabIndex={selected === item.id ? 0 : -1}
          data-state={selected === item.id ? 'active' : 'inactive'}
          onClick={() => onSelect(item.id)}
          className={TAB_CLASS}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}

/** The attributes of the panel a TabList controls. */
export function tabPanelProps(idBase: string, selected: string) {
  return { id: `${idBase}-panel`, role: 'tabpanel', 'aria-labelledby': `${idBase}-${selected}` };
}
