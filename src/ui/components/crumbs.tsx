import { Anchor, Breadcrumbs } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** One step of a trail: a link back when it has `to`, plain text for where the screen itself is. */
export interface Crumb {
  label: ReactNode;
  to?: string;
}

/** Where a screen sits (Accounts › account › …), each step with a `to` a link back; one look for every screen. */
export function Crumbs({ trail }: { trail: Crumb[] }) {
  return (
    <Breadcrumbs>
      {trail.map((step, index) =>
        step.to ? (
          <Anchor key={index} component={Link} to={step.to}>
            {step.label}
          </Anchor>
        ) : (
          <span key={index}>{step.label}</span>
        ),
      )}
    </Breadcrumbs>
  );
}
