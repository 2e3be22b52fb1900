import { displayCredits } from '@atelier/shared/rules/credits';
import { Badge } from '@mantine/core';
import { IconCoins } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';

/** The signed-in user's balance (floored, never negative, non-numeric → 0), linking to /payments. */
export function CreditsBadge({ credits }: { credits: unknown }) {
  const value = displayCredits(credits);
  return (
    <Badge
      component={Link}
      to="/payments"
      size="lg"
      variant="light"
      leftSection={<IconCoins size={14} aria-hidden />}
      aria-label={`${value} credits. Buy credits`}
      data-testid="credits-badge"
      style={{ cursor: 'pointer', textTransform: 'none' }}
    >
      {value.toLocaleString('en-US')} credits
    </Badge>
  );
}
