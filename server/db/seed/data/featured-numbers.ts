/**
 * Featured numbers of the home page. number_id_link is the identifier of /number/{numberId}: a #Code slug
 * ("hash-4law") or a vanity number slug ("800-law-help"); both resolve (checked in seed-data.test.ts).
 */
import type { FeaturedNumberType } from "#kernel/enums.ts";

export interface FeaturedNumberSeed {
  numberText: string;
  description: string;
  numberIdLink: string;
  type: FeaturedNumberType;
  displayOrder: number;
  isActive: boolean;
}

export const FEATURED_NUMBERS: readonly FeaturedNumberSeed[] = [
  {
    numberText: "#4LAW",
    description: "The legal industry's most recognizable #Code. Available in most states and portions.",
    numberIdLink: "hash-4law",
    type: "poundcode",
    displayOrder: 1,
    isActive: true,
  },
  {
    numberText: "#HELP",
    description: "A universal call for help for emergency and home services.",
    numberIdLink: "hash-help",
    type: "poundcode",
    displayOrder: 2,
    isActive: true,
  },
  {
    numberText: "(800) LAW-HELP",
    description: "A toll-free vanity line that pairs with #4LAW in broadcast campaigns.",
    numberIdLink: "800-law-help",
    type: "vanity",
    displayOrder: 3,
    isActive: true,
  },
  {
    numberText: "#SSDI",
    description: "Reach disability applicants and appeals in your territory.",
    numberIdLink: "hash-ssdi",
    type: "poundcode",
    displayOrder: 4,
    isActive: true,
  },
  {
    numberText: "(888) INJURED",
    description: "One word, one reason to call: built for personal injury practices.",
    numberIdLink: "888-injured",
    type: "vanity",
    displayOrder: 5,
    isActive: true,
  },
  {
    numberText: "#EASY",
    description: "Short and upbeat for lenders, insurers and home services.",
    numberIdLink: "hash-easy",
    type: "poundcode",
    displayOrder: 6,
    isActive: true,
  },
  {
    numberText: "(800) ROOFING",
    description: "The number homeowners remember when storm season arrives.",
    numberIdLink: "800-roofing",
    type: "vanity",
    displayOrder: 7,
    isActive: true,
  },
  {
    numberText: "#TAXES",
    description: "Peak-season call volume for tax preparers and tax relief firms.",
    numberIdLink: "hash-taxes",
    type: "poundcode",
    displayOrder: 8,
    isActive: false,
  },
];
