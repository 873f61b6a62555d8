import { Badge } from "#app/components/ui/badge.tsx";
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "#app/components/ui/table.tsx";
import { ShowcaseSection } from "./showcase-section.tsx";
import type { Status } from "./statuses.ts";

const LICENCES: { code: string; territory: string; status: Status; fee: string }[] = [
  {
    code: "#4LAW",
    territory: "California, Southern",
    status: { variant: "licensed", label: "Fully Licensed" },
    fee: "$2,400.00",
  },
  {
    code: "#HELP",
    territory: "Florida, Central",
    status: { variant: "negotiations", label: "In Negotiations" },
    fee: "$1,180.00",
  },
  { code: "#SSDI", territory: "Ohio", status: { variant: "available", label: "Available" }, fee: "$960.00" },
];

export function TableSection() {
  return (
    <ShowcaseSection id="table" title="Table">
      <Table label="Active licenses">
        <TableCaption>Active licenses</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>#Code</TableHead>
            <TableHead>Territory</TableHead>
            <TableHead>Status</TableHead>
            <TableHead className="text-right">Monthly fee</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {LICENCES.map((licence) => (
            <TableRow key={licence.code}>
              <TableCell className="font-semibold">{licence.code}</TableCell>
              <TableCell>{licence.territory}</TableCell>
              <TableCell>
                <Badge variant={licence.status.variant}>{licence.status.label}</Badge>
              </TableCell>
              <TableCell className="text-right tabular-nums">{licence.fee}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ShowcaseSection>
  );
}
