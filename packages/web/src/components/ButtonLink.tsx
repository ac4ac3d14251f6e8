import { Button, type ButtonProps } from 'antd';
import type { MouseEvent } from 'react';
import { useHref, useLinkClickHandler } from 'react-router';

/** An antd button that is a real link (an <a href>) and navigates inside the app (with `state`, if given). */
export function ButtonLink({ to, state, ...props }: Omit<ButtonProps, 'href'> & { to: string; state?: unknown }) {
  const href = useHref(to);
  const handleClick = useLinkClickHandler<HTMLAnchorElement>(to, { state });
  return (
    <Button
      {...props}
      href={href}
      onClick={(event: MouseEvent<HTMLElement>) => {
        props.onClick?.(event);
        if (!event.defaultPrevented) handleClick(event as MouseEvent<HTMLAnchorElement>);
      }}
    />
  );
}
