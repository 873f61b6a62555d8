import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert.tsx";
import { ShowcaseSection } from "./showcase-section.tsx";

export function AlertsSection() {
  return (
    <ShowcaseSection id="alerts" title="Alerts">
      <div className="grid max-w-3xl gap-4">
        <Alert variant="info">
          <AlertTitle>Territory on hold</AlertTitle>
          <AlertDescription>Your reservation is held for five business days.</AlertDescription>
        </Alert>
        <Alert variant="success">
          <AlertTitle>Payment received</AlertTitle>
          <AlertDescription>$250.00 was added to your wallet.</AlertDescription>
        </Alert>
        <Alert variant="warning">
          <AlertTitle>Low balance</AlertTitle>
          <AlertDescription>Top up your wallet to keep call tracking active.</AlertDescription>
        </Alert>
        <Alert variant="destructive">
          <AlertTitle>Card declined</AlertTitle>
          <AlertDescription>Please use another card or contact your bank.</AlertDescription>
        </Alert>
      </div>
    </ShowcaseSection>
  );
}
