import * as Menu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';
import './dropdown-menu.css';

/** DropdownMenu: a Radix menu with the app's look; `trigger` must be a single focusable element. */
export function DropdownMenu({
  trigger,
  children,
  align = 'end',
  label,
  defaultOpen,
}: {
  trigger: ReactNode;
  children: ReactNode;
  align?: 'start' | 'center' | 'end';
  label?: ReactNode;
  /** Open on mount: a deferred menu whose placeholder was clicked before its code arrived. */
  defaultOpen?: boolean;
}) {
  return (
    <Menu.Root modal={false} defaultOpen={defaultOpen}>
      <Menu.Trigger asChild>{trigger}</Menu.Trigger>
      <Menu.Portal>
        <Menu.Content className="menu" align={align} sideOffset={8} collisionPadding={8}>
          {label ? <Menu.Label className="menu__label">{label}</Menu.Label> : null}
          {children}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}

export function DropdownMenuItem({
  children,
  onSelect,
  icon,
  destructive,
  asChild,
}: {
  children: ReactNode;
  onSelect?: (event: Event) => void;
  icon?: ReactNode;
  destructive?: boolean;
  asChild?: boolean;
}) {
  if (asChild) {
    return (
      <Menu.Item asChild onSelect={onSelect} className={destructive ? 'menu__item menu__item--danger' : 'menu__item'}>
        {children}
      </Menu.Item>
    );
  }
  return (
    <Menu.Item onSelect={onSelect} className={destructive ? 'menu__item menu__item--danger' : 'menu__item'}>
      {icon ? <span className="menu__icon" aria-hidden="true">{icon}</span> : null}
      {children}
    </Menu.Item>
  );
}

export function DropdownMenuSeparator() {
  return <Menu.Separator className="menu__separator" />;
}
