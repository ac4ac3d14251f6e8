import { Button, type ButtonProps } from 'antd';
import type { MouseEvent } from 'react';
import { useHref, useLinkClickHandler } from 'react-router';

/** An antd button that is a real link (an <a href>) and navigates inside the app. */
export function ButtonLink({ to, ...props }: Omit<ButtonProps, 'href'> & { to: string }) {
  const href = useHref(to);
  const handleClick = useLinkClickHandler<HTMLAnchorElement>(to);
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
