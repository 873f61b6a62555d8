import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { RESTING_POINTER_CLASSES, TopUpCard, WalletBalanceCard } from "./wallet-summary.tsx";

function render(node: () => React.ReactNode): string {
  const Stub = createRoutesStub([{ path: "/dashboard/billing", Component: () => <>{node()}</> }]);
  return renderToStaticMarkup(<Stub initialEntries={["/dashboard/billing"]} />);
}

describe("the wallet on the billing page", () => {
  it("warns at $0.00 as it does below zero", () => {
    expect(render(() => <WalletBalanceCard balanceCents={0} lastMonthDepositCents={0} />)).toContain(
      "Your wallet is empty.",
    );
    expect(render(() => <WalletBalanceCard balanceCents={-150} lastMonthDepositCents={0} />)).toContain(
      "Your wallet is overdrawn.",
    );
    expect(render(() => <WalletBalanceCard balanceCents={2_500} lastMonthDepositCents={0} />)).not.toContain(
      'data-testid="wallet-warning"',
    );
  });

  it("shows no amount as chosen when the page opens: no hover style until the pointer moves", () => {
    const html = render(() => <TopUpCard enabled attempt="a" />);
    const amounts = [...html.matchAll(/<button[^>]*aria-label="Top up \$[\d,.]+"[^>]*>/g)].map((m) => m[0]);
    expect(amounts).toHaveLength(3);
    for (const button of amounts) {
      for (const cls of RESTING_POINTER_CLASSES.split(" ")) expect(button).toContain(cls);
      expect(button).not.toContain("hover:bg-muted");
    }
  });
});
