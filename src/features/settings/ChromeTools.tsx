import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import styled from 'styled-components';
import { IconButton } from '../layout/parts.tsx';
import { useUiSettingsActor } from '../runtime.tsx';
import { Glyph } from './glyphs.tsx';

// The template chrome loads when first opened, never with /login or /lobby (SPEC §1).
const SettingsPanel = lazy(() => import('./SettingsPanel.tsx').then((m) => ({ default: m.SettingsPanel })));
const NavigationSearch = lazy(() => import('../search/NavigationSearch.tsx').then((m) => ({ default: m.NavigationSearch })));
const ShortcutsMenu = lazy(() => import('../shortcuts/ShortcutsMenu.tsx').then((m) => ({ default: m.ShortcutsMenu })));

type Open = 'none' | 'search' | 'shortcuts' | 'settings';

/**
 * Which panel is open, outside React: choosing another layout in the settings panel replaces
 * the toolbar that holds these tools, and the panel must stay open across that.
 */
const panels = {
  open: 'none' as Open,
  loaded: new Set<Open>() as ReadonlySet<Open>,
  listeners: new Set<() => void>(),
  set(which: Open) {
    panels.open = which;
    if (!panels.loaded.has(which)) panels.loaded = new Set([...panels.loaded, which]);
    panels.listeners.forEach((listener) => listener());
  },
  mounted: 0,
  /** Every toolbar gone for good (logged out), not just replaced: the next one starts closed. */
  release() {
    panels.mounted -= 1;
    // A layout switch unmounts one toolbar and mounts the next in the same commit.
    queueMicrotask(() => {
      if (panels.mounted === 0 && panels.open !== 'none') panels.set('none');
    });
  },
  subscribe(listener: () => void) {
    panels.listeners.add(listener);
    return () => void panels.listeners.delete(listener);
  },
};

/** The toolbar's navigation search, shortcuts menu and settings panel buttons. */
export function ChromeTools() {
  const { t } = useLingui();
  const actor = useUiSettingsActor();
  const open = useSyncExternalStore(panels.subscribe, () => panels.open, () => 'none' as Open);
  const loaded = useSyncExternalStore(panels.subscribe, () => panels.loaded, () => panels.loaded);
  const setOpen = panels.set;
  const show = panels.set;
  const closeTo = (which: Open) => (isOpen: boolean) => setOpen(isOpen ? which : 'none');
  useEffect(() => {
    panels.mounted += 1;
    return () => panels.release();
  }, []);

  return (
    <Tools>
      {open === 'search' ? (
        <Suspense fallback={null}>
          <NavigationSearch onClose={() => setOpen('none')} />
        </Suspense>
      ) : (
        // Phones reach every page from the menu drawer; their toolbar has room for the cog only.
        <IconButton type="button" data-only="desktop" aria-label={t`Search the menu`} title={t`Search the menu`} onClick={() => show('search')}>
          <Glyph name="search" />
        </IconButton>
      )}
      {actor && (
        <>
          <IconButton
            type="button"
            data-only="desktop"
            aria-label={t`Shortcuts`}
            title={t`Shortcuts`}
            aria-expanded={open === 'shortcuts'}
            onClick={() => show('shortcuts')}
          >
            <Glyph name="star" />
          </IconButton>
          <IconButton
            type="button"
            aria-label={t`Settings`}
            title={t`Settings`}
            aria-expanded={open === 'settings'}
            onClick={() => show('settings')}
          >
            <Glyph name="cog" />
          </IconButton>
          <Suspense fallback={null}>
            {/* Kept mounted once loaded, so closing animates out and reopening is instant. */}
            {loaded.has('shortcuts') && <ShortcutsMenu actor={actor} open={open === 'shortcuts'} onOpenChange={closeTo('shortcuts')} />}
            {loaded.has('settings') && <SettingsPanel actor={actor} open={open === 'settings'} onOpenChange={closeTo('settings')} />}
          </Suspense>
        </>
      )}
    </Tools>
  );
}

const Tools = styled.div`
  display: flex;
  align-items: center;
  gap: 2px;
`;
