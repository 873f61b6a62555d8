/**
 * Blog posts of the demo site: HTML content, 300–600 words each, no external links or images. All but the last
 * are published; the last is a draft an editor is still working on (never shown to visitors).
 */

export interface BlogPostSeed {
  slug: string;
  title: string;
  /** HTML. */
  content: string;
  imageUrl: string | null;
  authorName: string;
  tags: string[];
  status: "published" | "draft";
  /** ISO 8601, UTC; null while a draft. */
  publishedAt: string | null;
}

export const BLOG_POSTS: readonly BlogPostSeed[] = [
  {
    slug: "what-is-a-pound-code-number",
    title: "What Is a #Code Number and How Does It Work?",
    authorName: "Marcus Bell",
    tags: ["#Codes", "Basics", "Mobile Marketing"],
    publishedAt: "2026-01-13T15:00:00Z",
    imageUrl: null,
    status: "published",
    content: `<p>Most businesses spend real money teaching people a phone number. Seven or ten digits appear on billboards, in radio spots and at the end of television commercials, and most of them are forgotten before the ad is over. A #Code solves that problem by replacing the digits with a short word that people already know.</p>
<h2>How a caller uses a #Code</h2>
<p>A #Code is dialed from a mobile phone. The caller presses the pound key, types the letters of the code on the keypad and presses Call. Someone who needs a lawyer dials #4LAW; someone with a leaking roof dials #ROOF. There is no area code to remember, no digits to write down and no search results to scroll through.</p>
<p>Behind the scenes the call is routed by territory. A caller in Atlanta who dials #4LAW reaches the firm that licenses #4LAW in Georgia, while a caller in Orlando reaches the licensee for Central Florida. Each licensee owns its code exclusively inside its territory, so the same short word can serve firms in many markets without any of them competing for the same call.</p>
<h2>Why only ten #Codes exist</h2>
<p>A #Code only works if it is short, easy to spell on a keypad and tied to an obvious need. That rules out almost every word in the dictionary. Our catalog holds exactly ten codes, among them #4LAW, #HELP, #EASY and #SSDI, and each one is licensed per state or per portion of a large state. Scarcity is part of the value: once a code is licensed in a territory, no competitor can advertise it there.</p>
<h2>What a licensee receives</h2>
<ul>
<li>Exclusive use of the #Code in the licensed territory for the length of the agreement.</li>
<li>Call routing to any phone number or call center the licensee chooses, changeable at any time.</li>
<li>Call analytics, web form capture and optional click-to-call and click-to-message lead tracking.</li>
<li>Marketing support from a team with three decades of experience in direct-response advertising.</li>
</ul>
<h2>Where a #Code fits in your marketing</h2>
<p>A #Code does not replace your main business number. It sits in front of it as the short, memorable entry point for advertising. Radio and outdoor advertising benefit most, because the audience cannot write anything down, but a #Code also shortens television end cards, vehicle wraps and printed materials.</p>
<p>If you would like to see which codes are open in your market, browse the territory map on our home page or contact our licensing team. Availability changes as territories are reserved, and a reservation holds your territory while the agreement is prepared.</p>`,
  },
  {
    slug: "vanity-numbers-vs-pound-codes",
    title: "Vanity Numbers vs. #Codes: Choosing the Right Memorable Number",
    authorName: "Elena Ruiz",
    tags: ["Vanity Numbers", "#Codes", "Strategy"],
    publishedAt: "2026-02-10T15:00:00Z",
    imageUrl: null,
    status: "published",
    content: `<p>Memorable phone numbers come in two forms. A vanity number spells a word with the digits of an ordinary toll-free or local number, such as (800) LAW-HELP. A #Code replaces the number entirely with a short word dialed after the pound key, such as #4LAW. Both are easier to recall than a string of digits, but they work differently and suit different campaigns.</p>
<h2>Where vanity numbers shine</h2>
<p>A vanity number can be dialed from any phone, landline or mobile, anywhere in the country. That makes it a good fit for national campaigns, for audiences that still call from office or home lines, and for printed materials that will stay in circulation for years. Toll-free vanity numbers also carry a sense of establishment: a business that owns (888) INJURED signals that it has been around long enough to secure a good number.</p>
<p>The trade-off is length. Even a well-chosen vanity number asks the caller to remember a three-digit prefix and a seven-letter word, and words longer than seven letters have to be shortened or padded. In a fifteen-second radio spot, that is a lot to ask.</p>
<h2>Where #Codes shine</h2>
<p>A #Code is four or five characters with no prefix at all. It is designed for the mobile phone that is already in the listener's hand and for advertising where the audience has no chance to write anything down: drive-time radio, billboards and the last seconds of a television spot. Because each #Code is licensed per territory, it also gives a local business a national-sounding brand without national competition.</p>
<h2>Using both together</h2>
<p>Many of our licensees run a #Code as the headline call to action and a matching vanity number as the fallback. A personal injury firm might close its radio spot with "Dial #4LAW from your cell" and print "(800) LAW-HELP" in the fine print of its newspaper ads. The two numbers reinforce each other, and both can route to the same intake team.</p>
<h2>Questions to ask before you choose</h2>
<ol>
<li>Where will most of your calls come from: mobile phones or landlines?</li>
<li>Is your campaign local, regional or national?</li>
<li>Which media carry the most budget, and can the audience write anything down?</li>
<li>Do you need a number that will still appear on materials five years from now?</li>
</ol>
<p>If most calls come from mobile phones in one market, a #Code usually delivers more response per advertising dollar. If you need national reach from every kind of phone, start with a vanity number. Our licensing team can show you what is available for both in your territory.</p>`,
  },
  {
    slug: "why-call-through-rates-matter",
    title: "Why Call-Through Rates Matter More Than Impressions",
    authorName: "Marcus Bell",
    tags: ["Call-Through Rate", "Advertising", "ROI"],
    publishedAt: "2026-03-24T14:00:00Z",
    imageUrl: null,
    status: "published",
    content: `<p>Media buyers love impressions because they are easy to count. A billboard on a busy interstate delivers hundreds of thousands of them every week, and a drive-time radio flight delivers even more. But an impression only has value if it turns into a conversation with a prospective client. The measure that connects the two is the call-through rate: the share of people exposed to an ad who actually pick up the phone.</p>
<h2>The hidden leak in every campaign</h2>
<p>Between the moment someone hears your ad and the moment they dial, several things can go wrong. They may not catch the number. They may remember it but transpose two digits. They may intend to call later and lose the number entirely. Each of these failures is invisible in an impression report, yet each one is money spent on an audience that wanted to reach you and could not.</p>
<p>Memorable numbers close that leak. In our own campaigns, advertisers who promote a #Code see up to 2.5 times the call-through of the same creative with a vanity number, because there is nothing to mishear and nothing to write down.</p>
<h2>How to measure call-through</h2>
<p>You do not need a research budget to track call-through. You need a number that is used only in the campaign you want to measure, plus a consistent way to count the calls it receives.</p>
<ul>
<li>Give each medium its own number or #Code so calls can be attributed to the right channel.</li>
<li>Record call counts by day and by hour, then line them up with the flight schedule.</li>
<li>Count qualified calls separately from total calls; a short hang-up is not a lead.</li>
<li>Divide qualified calls by the impressions or gross rating points the station reports.</li>
</ul>
<h2>From call-through to cost per case</h2>
<p>Call-through matters because it drives every number further down the funnel. If the same budget produces twice as many qualified calls, the cost per lead falls by half, and so does the cost per signed client, provided your intake team converts calls at the same rate. That is why we recommend that licensees review call analytics together with their intake results every month, not just their media invoices.</p>
<h2>Small changes, large effects</h2>
<p>Repeating the call to action twice in a thirty-second spot, showing the #Code on screen for the whole closing card and keeping the spoken version identical across every ad all raise call-through without raising spend. None of these changes is dramatic on its own, but together they turn impressions you have already paid for into calls you can answer.</p>`,
  },
  {
    slug: "territory-exclusivity-explained",
    title: "Territory Exclusivity Explained: States, Portions and What You Own",
    authorName: "Dana Whitfield",
    tags: ["Licensing", "Territories", "Exclusivity"],
    publishedAt: "2026-05-05T14:00:00Z",
    imageUrl: null,
    status: "published",
    content: `<p>Every #Code is licensed by territory, and every territory has exactly one licensee per #Code. Understanding how territories are drawn, and what exclusivity covers, is the first step in choosing where to invest.</p>
<h2>States and portions</h2>
<p>Most territories are whole states. Five large states are divided into portions so that regional businesses can license the market they actually serve. California is split into Northern, Central and Southern California; Texas into East and West Texas; Florida into North, Central and South Florida; New York into Upstate and Downstate New York; and Illinois into Northern, Central and Southern Illinois. Portions follow county lines, so there is never any doubt about which side of a boundary a caller is on.</p>
<h2>What exclusivity covers</h2>
<p>When you license a #Code in a territory, calls to that #Code from mobile phones in the territory are routed to you and to no one else for the length of your agreement. No competitor can license the same code in the same territory, and we will not sell it to one. Exclusivity applies per code: a law firm holding #4LAW in Georgia does not prevent a roofing company from licensing #ROOF there.</p>
<h2>How territories are priced</h2>
<p>Fees follow population. Each territory has a base monthly fee calculated from its 2020 Census population, subject to a minimum monthly fee, and a one-time setup deposit. Individual codes are priced as a percentage of that base, so a high-demand code such as #4LAW costs more than a niche one. The territory card on our map shows the base monthly fee, the deposit and the per-minute and per-SMS usage rates before you reserve anything.</p>
<h2>Licensing a whole split state</h2>
<p>If your business serves all of Texas or all of California, you can license every portion of the state at once. The full-state fee is shown on each portion's card, so you can compare it with the portions you need. Licensing a whole state also removes any question about callers near a portion boundary.</p>
<h2>Adjacent territories</h2>
<p>Businesses near a state line often want the neighboring territory too. When you hold a license, you can take an option on an available adjacent territory. The option holds the territory for five business days while you decide, and the territory is priced at your own per-million-people monthly rate. It is the simplest way to grow into a neighboring market without being outbid.</p>
<h2>When a territory is taken</h2>
<p>If the code you want is already licensed or in negotiations in your territory, join the waitlist from the territory card. Licenses do change hands, and waitlisted businesses are contacted in the order they joined.</p>`,
  },
  {
    slug: "choosing-the-right-pound-code-category",
    title: "How to Choose the Right #Code for Your Business",
    authorName: "Elena Ruiz",
    tags: ["#Codes", "Categories", "Strategy"],
    publishedAt: "2026-06-16T14:00:00Z",
    imageUrl: null,
    status: "published",
    content: `<p>With only ten #Codes in existence, choosing one is less about finding a clever word and more about matching a code to the way your customers already think about their problem. The right code sounds like the need, not like your company name.</p>
<h2>Start with the moment of need</h2>
<p>Picture the moment a customer decides to call. A driver standing next to a damaged car thinks about a lawyer or a tow truck. A homeowner watching water come through the ceiling thinks about help, fast. A veteran whose disability claim was denied thinks about the benefits he earned. The best #Code is the word in that person's head at that moment: #4LAW, #HELP or #VETS.</p>
<h2>Match the code to your practice</h2>
<ul>
<li><strong>#4LAW</strong> fits personal injury, family law, criminal defense and general practice firms.</li>
<li><strong>#SSDI</strong> and <strong>#VETS</strong> fit disability and veterans benefits advocates.</li>
<li><strong>#HELP</strong> fits emergency services: restoration, plumbing, locksmiths and towing.</li>
<li><strong>#ROOF</strong>, <strong>#HOME</strong> and <strong>#MOVE</strong> fit contractors, real estate and movers.</li>
<li><strong>#AUTO</strong>, <strong>#TAXES</strong> and <strong>#EASY</strong> fit dealerships, tax professionals, lenders and insurers.</li>
</ul>
<h2>Consider keyword groups</h2>
<p>Beyond the code itself, some licensees add a keyword group to their license. Keyword groups such as Legal Keywords or Home Services Keywords cover the search and advertising terms you plan to promote alongside the code, and they are priced as a multiplier on the license fee. Highly competitive terms like "injury" or "mesothelioma" carry higher multipliers because the calls they generate are worth more.</p>
<h2>Think about the next five years</h2>
<p>A #Code becomes a brand asset. Ask whether the code will still describe your business if you add a practice area or a second location. A firm that handles both injury and disability claims might choose #4LAW as its main code and add #SSDI later, rather than the other way around.</p>
<h2>Check availability early</h2>
<p>Because each code has one licensee per territory, availability is often the deciding factor. Open the territory map, select your state or portion and review the codes listed as available. If your first choice is taken, join the waitlist and reserve your second choice in the meantime; you can always move your advertising to the better code when it opens up.</p>
<p>Our licensing team reviews category fit with every new licensee before an agreement is signed, so you will never end up with a code that does not suit your business.</p>`,
  },
  {
    slug: "measuring-radio-and-tv-response",
    title: "Measuring Radio and TV Response with a Dedicated Number",
    authorName: "Marcus Bell",
    tags: ["Radio", "Television", "Analytics", "Call Tracking"],
    publishedAt: "2026-08-04T14:00:00Z",
    imageUrl: null,
    status: "published",
    content: `<p>Broadcast advertising has a reputation for being hard to measure. Unlike a search ad, a radio spot does not come with a click report. But broadcast response is measurable when every spot drives callers to a number that is used nowhere else. A #Code is ideal for this, because it is memorable enough to survive the trip from the speaker to the keypad.</p>
<h2>One campaign, one number</h2>
<p>The rule is simple: if you want to measure a channel, give it its own number. Use your #Code on radio and television and keep your main business number on your website, business cards and signage. Every call that arrives on the #Code can then be credited to broadcast.</p>
<h2>Read the response curve</h2>
<p>Broadcast calls arrive in spikes. Most callers respond within minutes of hearing a spot, and a good daypart shows a clear rise in calls immediately after each airing. Line up your call analytics with the station's affidavit, the log of when each spot actually ran, and you can see which dayparts and which stations produce calls.</p>
<ul>
<li>Compare calls in the fifteen minutes after each spot with the same window on days without spots.</li>
<li>Rank stations by qualified calls per dollar, not by audience size.</li>
<li>Watch for creative fatigue: a steady decline in calls per spot means it is time for new copy.</li>
</ul>
<h2>Separate calls from leads</h2>
<p>Not every call is a lead. Wrong numbers, existing clients and very short calls inflate the totals. Our call analytics portal records call duration and lets your intake team tag outcomes, so your reports show qualified leads alongside raw calls. Web form submissions, click-to-call and click-to-message leads from your landing page are counted in the same dashboard.</p>
<h2>Make the spot easy to act on</h2>
<p>Measurement only helps if there is response to measure. Say the #Code at least twice, spell it once if the word could be misheard, and show it on screen for the entire closing card on television. Use the same phrasing in every spot, such as "Dial #4LAW from your cell phone," so listeners hear a consistent instruction across stations and flights.</p>
<h2>Review monthly</h2>
<p>Set a monthly review with your media buyer. Bring the call report, the intake outcomes and the station invoices. Within two or three months you will know which stations and dayparts earn their cost, and you can move budget accordingly. That is the kind of accountability broadcast advertising rarely gets, and it starts with a dedicated, memorable number.</p>`,
  },
  {
    slug: "turning-missed-calls-into-clients",
    title: "Turning Missed Calls into Clients: Web Forms, Click-to-Call and SMS",
    authorName: "Dana Whitfield",
    tags: ["Lead Capture", "SMS", "Intake"],
    publishedAt: "2026-09-22T14:00:00Z",
    imageUrl: null,
    status: "published",
    content: `<p>A memorable number brings calls, but calls arrive when they arrive: during lunch, after hours and five at a time after a television spot. A lead that reaches voicemail often calls the next firm on the list. The fix is to give every caller and every visitor more than one way to reach you, and to respond quickly on each of them.</p>
<h2>Answer or call back within minutes</h2>
<p>Speed is the single biggest factor in converting an inbound lead. Route your #Code to a line that is staffed during business hours and to an answering service or on-call phone after hours. When a call is missed, return it as soon as possible; the caller is still thinking about the problem that made them dial.</p>
<h2>Add a web form to your landing page</h2>
<p>Every licensee can publish a landing page for each #Code and territory. A short web form on that page captures visitors who prefer not to call, along with the details your intake team needs. Keep it brief: name, phone, email and a few words about what happened. Each submission appears in the Form Submissions section of your dashboard and is billed at a flat rate per submission from your wallet.</p>
<h2>Offer click-to-call and click-to-message</h2>
<p>On a mobile phone, a click-to-call button turns a landing page visit into a call with one tap. Click-to-message does the same for people who would rather text, which is common among younger callers and anyone who cannot talk at that moment. Text conversations also leave a written record of the details, which helps with intake.</p>
<h2>Keep the wallet funded</h2>
<p>Minutes, SMS messages and web form submissions are paid from your prepaid wallet. Check the balance in the Billing section of your dashboard and top it up before a campaign starts, so that leads keep flowing during your busiest weeks.</p>
<h2>Follow up consistently</h2>
<ul>
<li>Assign each new submission to a person the same day.</li>
<li>Record the outcome: signed, referred, not a fit or unreachable.</li>
<li>Send a short text after a missed call so the lead knows you tried to reach them.</li>
<li>Review unconverted leads weekly; some will be ready a few days later.</li>
</ul>
<p>None of these steps requires new technology. They require a habit of treating every missed call, form and message as a prospective client. Paired with a #Code that people remember, that habit is what turns advertising into signed cases.</p>`,
  },
  {
    slug: "planning-your-first-pound-code-campaign",
    title: "Planning Your First #Code Campaign: A 90-Day Checklist",
    authorName: "Elena Ruiz",
    tags: ["Campaign Planning", "#Codes", "Checklist"],
    publishedAt: "2026-10-27T14:00:00Z",
    imageUrl: null,
    status: "published",
    content: `<p>Licensing a #Code is the start, not the finish. The licensees who see the strongest results treat the first ninety days as a launch project with clear milestones. Here is the checklist our onboarding team uses.</p>
<h2>Days 1 to 30: set up</h2>
<ul>
<li>Sign your license agreement and pay the setup deposit.</li>
<li>Choose where calls should ring: your main line, an intake team or an answering service. You can change this at any time.</li>
<li>Fund your wallet so minutes, SMS messages and web form leads are covered from day one.</li>
<li>Publish your landing page with your firm description, office locations and contact details.</li>
<li>Place test calls from several mobile carriers inside your territory and confirm they reach you.</li>
</ul>
<h2>Days 31 to 60: launch</h2>
<ul>
<li>Update your broadcast and outdoor creative to feature the #Code as the primary call to action.</li>
<li>Keep the spoken instruction identical everywhere, for example "Dial #4LAW from your cell."</li>
<li>Add the #Code to vehicle wraps, signage and printed materials as they are reordered.</li>
<li>Brief your intake team: they should expect more calls right after each broadcast spot.</li>
<li>Start a simple weekly report of calls, qualified leads and signed clients.</li>
</ul>
<h2>Days 61 to 90: measure and adjust</h2>
<ul>
<li>Compare call volume by station, daypart and medium using your call analytics.</li>
<li>Move budget from the weakest placements to the strongest ones.</li>
<li>Review missed calls and response times; add after-hours coverage if needed.</li>
<li>Decide whether to add a keyword group or a neighboring territory.</li>
</ul>
<h2>Common mistakes to avoid</h2>
<p>The most common mistake is running the #Code next to several other phone numbers in the same ad. Give the audience one instruction. The second is changing the creative too early: broadcast campaigns need a few weeks of frequency before response settles. The third is letting the wallet run low during a busy flight, which interrupts SMS and lead delivery when you need them most.</p>
<h2>We are here to help</h2>
<p>Your account includes access to our support team, a library of support topics and a community chat with other licensees. Open a support ticket from your dashboard at any point in the checklist and a specialist will respond during business hours, Monday to Friday, 9:00 AM to 6:00 PM Eastern.</p>
<p>Ninety days from now, you should know exactly what your #Code delivers and how to get more from it. That clarity is worth as much as the calls themselves.</p>`,
  },
  {
    slug: "pound-codes-for-home-services",
    title: "Draft: #Codes for Home Services Businesses",
    authorName: "Marcus Bell",
    tags: ["#Codes", "Home Services"],
    publishedAt: null,
    imageUrl: null,
    status: "draft",
    content: `<p>Roofers, plumbers and HVAC contractors live on the phone. When a pipe bursts or a storm tears shingles off a roof, the homeowner calls the first company they can remember, and they call from a mobile phone. That is exactly the moment a #Code is built for.</p>
<h2>Why urgency favors a short code</h2>
<p>A homeowner standing in a flooded basement does not search three websites and compare reviews. They dial the number they remember from the truck that passed them last week or the radio spot they heard that morning. A #Code such as #HELP or #EASY is remembered after one hearing, and it is dialed in seconds: pound key, a short word, call. Every step removed between the need and the call is a lead that reaches you instead of a competitor.</p>
<h2>Territory exclusivity for service areas</h2>
<p>Home services businesses already think in service areas. A #Code license follows the same logic: you hold the code exclusively in your state or in a portion of a large state, so a caller in your area always reaches you. Competitors in neighboring territories can license the same code for their own areas without ever taking one of your calls.</p>
<h2>Where the code earns its keep</h2>
<ul>
<li><strong>Vehicle wraps.</strong> A truck is a moving billboard, but nobody can write down ten digits at a traffic light. A #Code can be read and remembered in the time it takes to pass.</li>
<li><strong>Yard signs.</strong> Signs outside finished jobs are seen by neighbors who have the same roof and the same plumbing. Give them something they can dial from the sidewalk.</li>
<li><strong>Radio and streaming audio.</strong> Spoken phone numbers are the weakest part of an audio spot. A #Code is said once and understood.</li>
<li><strong>Door hangers and mailers.</strong> Print still works for local services; a #Code on the front makes the call to action unmistakable.</li>
</ul>
<h2>Handling the calls you get</h2>
<p>More calls only matter if someone answers them. Before launch, decide where calls should ring during the day, after hours and on weekends, and whether an answering service should take overflow. Your call analytics show when calls arrive, so staffing can follow demand instead of guesswork. Web form leads from your landing page arrive in your portal, and SMS follow-up keeps a caller engaged while your dispatcher schedules the visit.</p>
<h2>Measuring the return</h2>
<p>Track three figures each week: calls, booked jobs and revenue from those jobs. Compare them by medium, so you know whether the trucks, the radio spots or the mailers drive the most work. Most home services licensees find the code pays for itself with a handful of booked jobs a month; the rest is margin.</p>
<p>This article is still being edited and will be published once our team has added examples from licensees in the field.</p>`,
  },
];
