/**
 * The app's icons: lucide's drawings, served as one SVG sprite (`app/generated/icons.svg`, built by
 * `scripts/build-icons.ts` from the names declared below) and drawn with <use>. An icon costs the page one short
 * element instead of its paths, and no component code per icon in the browser. Same names and props as lucide-react
 * (className, size, strokeWidth, aria-*); decorative unless given an accessible name (aria-label).
 *
 * A new icon: add an export below whose argument is the icon's file name in lucide-react's `dist/esm/icons` (e.g.
 * "circle-check" for CircleCheck); `npm run build:generated` adds it to the sprite.
 */
import type { ReactElement, SVGProps } from "react";
import spriteUrl from "#app/generated/icons.svg?no-inline";

export type IconProps = Omit<SVGProps<SVGSVGElement>, "children"> & { size?: number | string };
export type IconComponent = (props: IconProps) => ReactElement;

function spriteIcon(id: string): IconComponent {
  const href = `${spriteUrl}#${id}`;
  function Icon({ size, strokeWidth, className, style, ...props }: IconProps) {
    const named = props["aria-label"] !== undefined || props["aria-labelledby"] !== undefined;
    // The look (24 px, a 2-unit round stroke in the text color) is the `.icon` class in app.css, so a class such as
    // size-4 overrides it; the two props lucide also takes are styles, which win over any class.
    const sized = size === undefined ? style : { width: size, height: size, ...style };
    return (
      <svg
        viewBox="0 0 24 24"
        className={className ? `icon ${className}` : "icon"}
        style={strokeWidth === undefined ? sized : { strokeWidth, ...sized }}
        aria-hidden={named ? undefined : true}
        role={named ? "img" : undefined}
        {...props}
      >
        <use href={href} />
      </svg>
    );
  }
  Icon.displayName = id;
  return Icon;
}

export const AlertTriangle = /* @__PURE__ */ spriteIcon("triangle-exclamation-point");
export const ArrowDown = /* @__PURE__ */ spriteIcon("arrow-down");
export const ArrowLeft = /* @__PURE__ */ spriteIcon("arrow-left");
export const ArrowRight = /* @__PURE__ */ spriteIcon("arrow-right");
export const ArrowRightLeft = /* @__PURE__ */ spriteIcon("arrow-right-left");
export const ArrowUp = /* @__PURE__ */ spriteIcon("arrow-up");
export const ArrowUpDown = /* @__PURE__ */ spriteIcon("arrow-up-down");
export const ArrowUpRight = /* @__PURE__ */ spriteIcon("arrow-up-right");
export const AudioLines = /* @__PURE__ */ spriteIcon("audio-lines");
export const Award = /* @__PURE__ */ spriteIcon("award");
export const BadgeCheck = /* @__PURE__ */ spriteIcon("badge-check");
export const BadgeDollarSign = /* @__PURE__ */ spriteIcon("badge-dollar-sign");
export const BarChart3 = /* @__PURE__ */ spriteIcon("chart-column");
export const Bell = /* @__PURE__ */ spriteIcon("bell");
export const BellPlus = /* @__PURE__ */ spriteIcon("bell-plus");
export const Bold = /* @__PURE__ */ spriteIcon("letter-b");
export const BookMarked = /* @__PURE__ */ spriteIcon("book-bookmark");
export const BookOpen = /* @__PURE__ */ spriteIcon("book-open");
export const Building2 = /* @__PURE__ */ spriteIcon("building-complex");
export const Cable = /* @__PURE__ */ spriteIcon("cable");
export const CalendarCheck = /* @__PURE__ */ spriteIcon("calendar-check");
export const CalendarClock = /* @__PURE__ */ spriteIcon("calendar-clock");
export const CalendarDays = /* @__PURE__ */ spriteIcon("calendar-days");
export const CalendarPlus = /* @__PURE__ */ spriteIcon("calendar-plus");
export const CalendarRange = /* @__PURE__ */ spriteIcon("calendar-range");
export const ChartColumn = /* @__PURE__ */ spriteIcon("chart-column");
export const Check = /* @__PURE__ */ spriteIcon("check");
export const CheckCircle2 = /* @__PURE__ */ spriteIcon("circle-check");
export const CheckSquare = /* @__PURE__ */ spriteIcon("square-check-big");
export const ChevronDown = /* @__PURE__ */ spriteIcon("chevron-down");
export const ChevronLeft = /* @__PURE__ */ spriteIcon("chevron-left");
export const ChevronRight = /* @__PURE__ */ spriteIcon("chevron-right");
export const ChevronsLeft = /* @__PURE__ */ spriteIcon("chevrons-left");
export const ChevronsRight = /* @__PURE__ */ spriteIcon("chevrons-right");
export const Circle = /* @__PURE__ */ spriteIcon("circle");
export const CircleAlert = /* @__PURE__ */ spriteIcon("circle-exclamation-point");
export const CircleCheck = /* @__PURE__ */ spriteIcon("circle-check");
export const CircleHelp = /* @__PURE__ */ spriteIcon("circle-question-mark");
export const CirclePause = /* @__PURE__ */ spriteIcon("circle-pause");
export const CircleStop = /* @__PURE__ */ spriteIcon("circle-stop");
export const Clapperboard = /* @__PURE__ */ spriteIcon("clapperboard");
export const ClipboardCheck = /* @__PURE__ */ spriteIcon("clipboard-check");
export const Clock = /* @__PURE__ */ spriteIcon("clock");
export const Cog = /* @__PURE__ */ spriteIcon("cog");
export const Compass = /* @__PURE__ */ spriteIcon("compass");
export const Contact = /* @__PURE__ */ spriteIcon("contact");
export const CreditCard = /* @__PURE__ */ spriteIcon("credit-card");
export const Database = /* @__PURE__ */ spriteIcon("database");
export const DatabaseZap = /* @__PURE__ */ spriteIcon("database-zap");
export const Download = /* @__PURE__ */ spriteIcon("download");
export const Ear = /* @__PURE__ */ spriteIcon("ear");
export const ExternalLink = /* @__PURE__ */ spriteIcon("external-link");
export const Eye = /* @__PURE__ */ spriteIcon("eye");
export const FileBadge = /* @__PURE__ */ spriteIcon("file-badge");
export const FileCheck2 = /* @__PURE__ */ spriteIcon("file-check-corner");
export const FileInput = /* @__PURE__ */ spriteIcon("file-input");
export const FilePenLine = /* @__PURE__ */ spriteIcon("file-pen-line");
export const FileSignature = /* @__PURE__ */ spriteIcon("file-pen-line");
export const FileText = /* @__PURE__ */ spriteIcon("file-text");
export const FileUp = /* @__PURE__ */ spriteIcon("file-up");
export const FolderTree = /* @__PURE__ */ spriteIcon("folder-tree");
export const Gem = /* @__PURE__ */ spriteIcon("gem");
export const Globe = /* @__PURE__ */ spriteIcon("globe");
export const HandHeart = /* @__PURE__ */ spriteIcon("hand-heart");
export const Hash = /* @__PURE__ */ spriteIcon("hash");
export const Heading2 = /* @__PURE__ */ spriteIcon("heading-2");
export const Heading3 = /* @__PURE__ */ spriteIcon("heading-3");
export const HeartHandshake = /* @__PURE__ */ spriteIcon("heart-handshake");
export const HeartPulse = /* @__PURE__ */ spriteIcon("heart-pulse");
export const HelpCircle = /* @__PURE__ */ spriteIcon("circle-question-mark");
export const History = /* @__PURE__ */ spriteIcon("rotate-ccw-clock");
export const House = /* @__PURE__ */ spriteIcon("house");
export const ImageIcon = /* @__PURE__ */ spriteIcon("image");
export const ImagePlus = /* @__PURE__ */ spriteIcon("image-plus");
export const ImageUp = /* @__PURE__ */ spriteIcon("image-up");
export const Inbox = /* @__PURE__ */ spriteIcon("inbox");
export const Info = /* @__PURE__ */ spriteIcon("info");
export const Italic = /* @__PURE__ */ spriteIcon("italic");
export const KanbanSquare = /* @__PURE__ */ spriteIcon("square-kanban");
export const KeyRound = /* @__PURE__ */ spriteIcon("key-round");
export const Layers = /* @__PURE__ */ spriteIcon("layers");
export const LayoutDashboard = /* @__PURE__ */ spriteIcon("layout-dashboard");
export const LayoutList = /* @__PURE__ */ spriteIcon("layout-list");
export const LayoutTemplate = /* @__PURE__ */ spriteIcon("layout-template");
export const LifeBuoy = /* @__PURE__ */ spriteIcon("life-buoy");
export const Lightbulb = /* @__PURE__ */ spriteIcon("lightbulb");
export const Link2 = /* @__PURE__ */ spriteIcon("link-2");
export const List = /* @__PURE__ */ spriteIcon("list");
export const ListChecks = /* @__PURE__ */ spriteIcon("list-checks");
export const ListOrdered = /* @__PURE__ */ spriteIcon("list-ordered");
export const LoaderCircle = /* @__PURE__ */ spriteIcon("loader-circle");
export const Lock = /* @__PURE__ */ spriteIcon("lock");
export const LogIn = /* @__PURE__ */ spriteIcon("log-in");
export const LogOut = /* @__PURE__ */ spriteIcon("log-out");
export const Mail = /* @__PURE__ */ spriteIcon("mail");
export const MailCheck = /* @__PURE__ */ spriteIcon("mail-check");
export const MailX = /* @__PURE__ */ spriteIcon("mail-x");
export const MapIcon = /* @__PURE__ */ spriteIcon("map");
export const MapPin = /* @__PURE__ */ spriteIcon("map-pin");
export const MapPinned = /* @__PURE__ */ spriteIcon("map-pinned");
export const Megaphone = /* @__PURE__ */ spriteIcon("megaphone");
export const Menu = /* @__PURE__ */ spriteIcon("menu");
export const MessageCircleQuestion = /* @__PURE__ */ spriteIcon("message-circle-question-mark");
export const MessageCircleQuestionMark = /* @__PURE__ */ spriteIcon("message-circle-question-mark");
export const MessageSquareQuote = /* @__PURE__ */ spriteIcon("message-square-quote");
export const MessageSquareText = /* @__PURE__ */ spriteIcon("message-square-text");
export const MessagesSquare = /* @__PURE__ */ spriteIcon("messages-square");
export const Mic = /* @__PURE__ */ spriteIcon("mic");
export const Monitor = /* @__PURE__ */ spriteIcon("monitor");
export const Moon = /* @__PURE__ */ spriteIcon("moon");
export const MousePointerClick = /* @__PURE__ */ spriteIcon("mouse-pointer-click");
export const Newspaper = /* @__PURE__ */ spriteIcon("newspaper");
export const PackagePlus = /* @__PURE__ */ spriteIcon("package-plus");
export const PanelsTopLeft = /* @__PURE__ */ spriteIcon("panels-top-left");
export const PenLine = /* @__PURE__ */ spriteIcon("pen-line");
export const Pencil = /* @__PURE__ */ spriteIcon("pencil");
export const PencilLine = /* @__PURE__ */ spriteIcon("pencil-line");
export const Percent = /* @__PURE__ */ spriteIcon("percent");
export const Phone = /* @__PURE__ */ spriteIcon("phone");
export const PhoneCall = /* @__PURE__ */ spriteIcon("phone-call");
export const PhoneForwarded = /* @__PURE__ */ spriteIcon("phone-forwarded");
export const PhoneIncoming = /* @__PURE__ */ spriteIcon("phone-incoming");
export const Plus = /* @__PURE__ */ spriteIcon("plus");
export const Printer = /* @__PURE__ */ spriteIcon("printer");
export const Quote = /* @__PURE__ */ spriteIcon("quote");
export const Radio = /* @__PURE__ */ spriteIcon("radio");
export const Redo2 = /* @__PURE__ */ spriteIcon("redo-2");
export const Repeat = /* @__PURE__ */ spriteIcon("repeat");
export const RotateCcw = /* @__PURE__ */ spriteIcon("rotate-ccw");
export const Save = /* @__PURE__ */ spriteIcon("save");
export const Scale = /* @__PURE__ */ spriteIcon("scale");
export const Search = /* @__PURE__ */ spriteIcon("search");
export const SearchX = /* @__PURE__ */ spriteIcon("search-x");
export const Send = /* @__PURE__ */ spriteIcon("send");
export const SendHorizontal = /* @__PURE__ */ spriteIcon("send-horizontal");
export const ShieldAlert = /* @__PURE__ */ spriteIcon("shield-exclamation-point");
export const ShieldCheck = /* @__PURE__ */ spriteIcon("shield-check");
export const ShieldOff = /* @__PURE__ */ spriteIcon("shield-off");
export const Smartphone = /* @__PURE__ */ spriteIcon("smartphone");
export const Star = /* @__PURE__ */ spriteIcon("star");
export const Sun = /* @__PURE__ */ spriteIcon("sun");
export const Tags = /* @__PURE__ */ spriteIcon("tags");
export const Ticket = /* @__PURE__ */ spriteIcon("ticket");
export const Timer = /* @__PURE__ */ spriteIcon("timer");
export const Trash2 = /* @__PURE__ */ spriteIcon("trash");
export const TrendingDown = /* @__PURE__ */ spriteIcon("trending-down");
export const TrendingUp = /* @__PURE__ */ spriteIcon("trending-up");
export const TriangleAlert = /* @__PURE__ */ spriteIcon("triangle-exclamation-point");
export const Undo2 = /* @__PURE__ */ spriteIcon("undo-2");
export const Upload = /* @__PURE__ */ spriteIcon("upload");
export const UserPlus = /* @__PURE__ */ spriteIcon("user-plus");
export const UserRound = /* @__PURE__ */ spriteIcon("user-round");
export const UserX = /* @__PURE__ */ spriteIcon("user-x");
export const Users = /* @__PURE__ */ spriteIcon("users");
export const Voicemail = /* @__PURE__ */ spriteIcon("voicemail");
export const Wallet = /* @__PURE__ */ spriteIcon("wallet");
export const Webhook = /* @__PURE__ */ spriteIcon("webhook");
export const Wrench = /* @__PURE__ */ spriteIcon("wrench");
export const X = /* @__PURE__ */ spriteIcon("x");
export const XCircle = /* @__PURE__ */ spriteIcon("circle-x");
