import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Download } from "#app/components/ui/icons.tsx";
import { Separator } from "#app/components/ui/separator.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { ShowcaseSection } from "./showcase-section.tsx";

export function CardsSection() {
  return (
    <ShowcaseSection id="cards" title="Cards">
      <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        <Card>
          <CardHeader>
            <div className="flex items-center justify-between gap-3">
              <CardTitle>#4LAW · Texas, East</CardTitle>
              <Badge variant="available">Available</Badge>
            </div>
            <CardDescription>Legal services, population 8.2 million.</CardDescription>
          </CardHeader>
          <CardContent>
            <p className="text-3xl font-bold tracking-tight">
              $1,250.00<span className="text-base font-medium text-muted-foreground"> / month</span>
            </p>
          </CardContent>
          <CardFooter>
            <Button variant="gold" className="w-full">
              Reserve territory
            </Button>
          </CardFooter>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Wallet balance</CardTitle>
            <CardDescription>Usage is billed from your prepaid balance.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-2 text-sm">
            <div className="flex justify-between">
              <span className="text-muted-foreground">Available</span>
              <span className="font-semibold">$482.50</span>
            </div>
            <Separator />
            <div className="flex justify-between">
              <span className="text-muted-foreground">Per minute</span>
              <span>$0.05</span>
            </div>
            <div className="flex justify-between">
              <span className="text-muted-foreground">Per SMS</span>
              <span>$0.02</span>
            </div>
          </CardContent>
          <CardFooter>
            <Button variant="outline" className="w-full">
              <Download aria-hidden="true" />
              Download statement
            </Button>
          </CardFooter>
        </Card>
        <Card aria-busy="true">
          <CardHeader>
            <CardTitle>Loading state</CardTitle>
            <CardDescription>Skeletons hold the layout while data loads.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-5/6" />
            <Skeleton className="mt-2 h-10 w-full" />
          </CardContent>
        </Card>
      </div>
    </ShowcaseSection>
  );
}
