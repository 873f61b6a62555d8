/**
 * The people on the About and Team pages. The About page's leadership cards are the "leadership" group of this
 * list, so both pages always show the same people with the same titles.
 */

export type Person = { name: string; role: string; bio: string };

export type TeamGroup = { id: string; title: string; description: string; people: readonly Person[] };

export const TEAM: readonly TeamGroup[] = [
  {
    id: "leadership",
    title: "Leadership",
    description: "The people who set our direction and answer for every license we grant.",
    people: [
      {
        name: "Richard Hale",
        role: "Founder & Chief Executive Officer",
        bio: "Richard has spent three decades building direct-response campaigns for law firms and national brands. He created the #Code licensing model after seeing how much call volume a number that is easy to remember can earn.",
      },
      {
        name: "Angela Moreno",
        role: "President & Chief Operating Officer",
        bio: "Angela runs licensing, billing and customer success. Before PoundCodes she led operations for a national legal-marketing network with licensees in more than 40 states.",
      },
      {
        name: "Marcus Bell",
        role: "Chief Technology Officer",
        bio: "Marcus leads the routing platform, carrier relationships and call analytics that put every #Code call through to the right licensee in its territory.",
      },
      {
        name: "Priya Raman",
        role: "Vice President, Licensing",
        bio: "Priya manages the territory catalog, pricing and license agreements, and makes sure every territory and category has exactly one licensee.",
      },
    ],
  },
  {
    id: "licensing",
    title: "Licensing & Sales",
    description: "Your first conversation about a territory, from availability to a signed agreement.",
    people: [
      {
        name: "Jordan Ellis",
        role: "Senior Licensing Advisor",
        bio: "Jordan helps law firms choose between a whole state and a portion of one, and walks them through reservations, deposits and agreements.",
      },
      {
        name: "Teresa Nguyen",
        role: "Licensing Advisor, Home & Financial Services",
        bio: "Teresa works with roofers, movers, lenders and tax professionals who pair a #Code with the keyword groups of their trade.",
      },
    ],
  },
  {
    id: "agency",
    title: "Marketing Agency",
    description: "The creative and media team that turns a licensed #Code into a campaign people remember.",
    people: [
      {
        name: "Samuel Ortiz",
        role: "Creative Director",
        bio: "Samuel has written and produced radio, television and outdoor campaigns for advertisers on four continents.",
      },
      {
        name: "Lauren Fitzgerald",
        role: "Director of Media Buying",
        bio: "Lauren plans and buys broadcast, streaming and digital media so that every dollar of a licensee's budget reaches its territory.",
      },
    ],
  },
  {
    id: "customer-success",
    title: "Customer Success",
    description: "Support for licensees from onboarding onwards, Monday to Friday, 9:00 AM to 6:00 PM EST.",
    people: [
      {
        name: "Kevin Park",
        role: "Customer Success Manager",
        bio: "Kevin onboards new licensees, sets up call routing and landing pages, and is the first reply on most support tickets.",
      },
      {
        name: "Maya Thompson",
        role: "Billing & Wallet Specialist",
        bio: "Maya looks after wallet top-ups, usage statements and license invoices, and answers every billing question in plain language.",
      },
    ],
  },
];

/** The About page's leadership cards. */
export const LEADERSHIP: readonly Person[] = TEAM.find((g) => g.id === "leadership")!.people;
