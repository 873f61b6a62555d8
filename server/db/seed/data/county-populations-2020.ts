/**
 * Resident population of every county of the five split states (CA, FL, IL, NY, TX), keyed by county FIPS code.
 *
 * Source: U.S. Census Bureau, 2020 Census, Redistricting Data (P.L. 94-171), table P1 "Total population",
 * April 1, 2020. The county set is the one of shared/data/portion-counties.json (us-atlas 3, 2017 boundaries), which
 * is the same as the 2020 county set for these five states.
 *
 * APPROXIMATE: the figures were transcribed from memory, not loaded from a Census file. Their sums match the
 * published 2020 state totals exactly for California and New York and to within a few hundred people for the
 * others (Texas +355, Florida -905, Illinois -8; all under 0.01 %), so a handful of small rural counties in Texas,
 * Florida and Illinois are likely off by a few percent each. The check lives in territories.test.ts.
 */
export const COUNTY_POPULATIONS_2020: Readonly<Record<string, number>> = {
  // California
  "06001": 1_682_353, // Alameda
  "06003": 1_204, // Alpine
  "06005": 40_474, // Amador
  "06007": 211_632, // Butte
  "06009": 45_292, // Calaveras
  "06011": 21_839, // Colusa
  "06013": 1_165_927, // Contra Costa
  "06015": 27_743, // Del Norte
  "06017": 191_185, // El Dorado
  "06019": 1_008_654, // Fresno
  "06021": 28_917, // Glenn
  "06023": 136_463, // Humboldt
  "06025": 179_702, // Imperial
  "06027": 19_016, // Inyo
  "06029": 909_235, // Kern
  "06031": 152_486, // Kings
  "06033": 68_163, // Lake
  "06035": 32_730, // Lassen
  "06037": 10_014_009, // Los Angeles
  "06039": 156_255, // Madera
  "06041": 262_321, // Marin
  "06043": 17_131, // Mariposa
  "06045": 91_601, // Mendocino
  "06047": 281_202, // Merced
  "06049": 8_700, // Modoc
  "06051": 13_195, // Mono
  "06053": 439_035, // Monterey
  "06055": 138_019, // Napa
  "06057": 102_241, // Nevada
  "06059": 3_186_989, // Orange
  "06061": 404_739, // Placer
  "06063": 19_790, // Plumas
  "06065": 2_418_185, // Riverside
  "06067": 1_585_055, // Sacramento
  "06069": 64_209, // San Benito
  "06071": 2_181_654, // San Bernardino
  "06073": 3_298_634, // San Diego
  "06075": 873_965, // San Francisco
  "06077": 779_233, // San Joaquin
  "06079": 282_424, // San Luis Obispo
  "06081": 764_442, // San Mateo
  "06083": 448_229, // Santa Barbara
  "06085": 1_936_259, // Santa Clara
  "06087": 270_861, // Santa Cruz
  "06089": 182_155, // Shasta
  "06091": 3_236, // Sierra
  "06093": 44_076, // Siskiyou
  "06095": 453_491, // Solano
  "06097": 488_863, // Sonoma
  "06099": 552_878, // Stanislaus
  "06101": 99_633, // Sutter
  "06103": 65_829, // Tehama
  "06105": 16_112, // Trinity
  "06107": 473_117, // Tulare
  "06109": 55_620, // Tuolumne
  "06111": 843_843, // Ventura
  "06113": 216_403, // Yolo
  "06115": 81_575, // Yuba
  // Florida
  "12001": 278_468, // Alachua
  "12003": 28_259, // Baker
  "12005": 175_216, // Bay
  "12007": 28_303, // Bradford
  "12009": 606_612, // Brevard
  "12011": 1_944_375, // Broward
  "12013": 13_648, // Calhoun
  "12015": 186_847, // Charlotte
  "12017": 153_843, // Citrus
  "12019": 218_245, // Clay
  "12021": 375_752, // Collier
  "12023": 69_698, // Columbia
  "12027": 33_976, // DeSoto
  "12029": 16_759, // Dixie
  "12031": 995_567, // Duval
  "12033": 321_905, // Escambia
  "12035": 115_378, // Flagler
  "12037": 12_451, // Franklin
  "12039": 43_826, // Gadsden
  "12041": 17_864, // Gilchrist
  "12043": 12_126, // Glades
  "12045": 14_192, // Gulf
  "12047": 14_004, // Hamilton
  "12049": 25_327, // Hardee
  "12051": 39_619, // Hendry
  "12053": 194_515, // Hernando
  "12055": 101_235, // Highlands
  "12057": 1_459_762, // Hillsborough
  "12059": 19_653, // Holmes
  "12061": 159_788, // Indian River
  "12063": 46_414, // Jackson
  "12065": 14_510, // Jefferson
  "12067": 8_226, // Lafayette
  "12069": 383_956, // Lake
  "12071": 760_822, // Lee
  "12073": 292_198, // Leon
  "12075": 42_915, // Levy
  "12077": 7_974, // Liberty
  "12079": 17_968, // Madison
  "12081": 399_710, // Manatee
  "12083": 375_908, // Marion
  "12085": 158_431, // Martin
  "12086": 2_701_767, // Miami-Dade
  "12087": 82_874, // Monroe
  "12089": 90_352, // Nassau
  "12091": 211_668, // Okaloosa
  "12093": 39_644, // Okeechobee
  "12095": 1_429_908, // Orange
  "12097": 388_656, // Osceola
  "12099": 1_492_191, // Palm Beach
  "12101": 561_891, // Pasco
  "12103": 959_107, // Pinellas
  "12105": 725_046, // Polk
  "12107": 73_321, // Putnam
  "12109": 273_425, // St. Johns
  "12111": 329_226, // St. Lucie
  "12113": 188_000, // Santa Rosa
  "12115": 434_006, // Sarasota
  "12117": 470_856, // Seminole
  "12119": 129_752, // Sumter
  "12121": 43_474, // Suwannee
  "12123": 21_796, // Taylor
  "12125": 16_147, // Union
  "12127": 553_543, // Volusia
  "12129": 33_764, // Wakulla
  "12131": 75_305, // Walton
  "12133": 25_318, // Washington
  // Illinois
  "17001": 65_737, // Adams
  "17003": 5_240, // Alexander
  "17005": 16_725, // Bond
  "17007": 53_448, // Boone
  "17009": 6_244, // Brown
  "17011": 33_244, // Bureau
  "17013": 4_437, // Calhoun
  "17015": 15_702, // Carroll
  "17017": 13_042, // Cass
  "17019": 205_865, // Champaign
  "17021": 34_032, // Christian
  "17023": 15_455, // Clark
  "17025": 13_288, // Clay
  "17027": 36_899, // Clinton
  "17029": 46_863, // Coles
  "17031": 5_275_541, // Cook
  "17033": 18_679, // Crawford
  "17035": 10_450, // Cumberland
  "17037": 100_420, // DeKalb
  "17039": 15_516, // De Witt
  "17041": 19_740, // Douglas
  "17043": 932_877, // DuPage
  "17045": 16_866, // Edgar
  "17047": 6_245, // Edwards
  "17049": 34_668, // Effingham
  "17051": 21_488, // Fayette
  "17053": 13_534, // Ford
  "17055": 37_804, // Franklin
  "17057": 33_609, // Fulton
  "17059": 4_946, // Gallatin
  "17061": 11_985, // Greene
  "17063": 52_533, // Grundy
  "17065": 7_993, // Hamilton
  "17067": 17_620, // Hancock
  "17069": 3_649, // Hardin
  "17071": 6_387, // Henderson
  "17073": 49_284, // Henry
  "17075": 27_077, // Iroquois
  "17077": 52_974, // Jackson
  "17079": 9_287, // Jasper
  "17081": 37_113, // Jefferson
  "17083": 21_512, // Jersey
  "17085": 22_035, // Jo Daviess
  "17087": 13_308, // Johnson
  "17089": 516_522, // Kane
  "17091": 107_502, // Kankakee
  "17093": 131_869, // Kendall
  "17095": 49_967, // Knox
  "17097": 714_342, // Lake
  "17099": 109_658, // LaSalle
  "17101": 15_280, // Lawrence
  "17103": 34_145, // Lee
  "17105": 35_815, // Livingston
  "17107": 27_987, // Logan
  "17109": 27_238, // McDonough
  "17111": 310_229, // McHenry
  "17113": 170_954, // McLean
  "17115": 103_998, // Macon
  "17117": 44_967, // Macoupin
  "17119": 265_859, // Madison
  "17121": 37_729, // Marion
  "17123": 11_742, // Marshall
  "17125": 13_086, // Mason
  "17127": 14_169, // Massac
  "17129": 12_297, // Menard
  "17131": 15_699, // Mercer
  "17133": 34_962, // Monroe
  "17135": 28_288, // Montgomery
  "17137": 32_915, // Morgan
  "17139": 14_526, // Moultrie
  "17141": 51_788, // Ogle
  "17143": 181_830, // Peoria
  "17145": 20_945, // Perry
  "17147": 16_673, // Piatt
  "17149": 14_739, // Pike
  "17151": 3_763, // Pope
  "17153": 5_193, // Pulaski
  "17155": 5_637, // Putnam
  "17157": 30_163, // Randolph
  "17159": 15_813, // Richland
  "17161": 144_672, // Rock Island
  "17163": 257_400, // St. Clair
  "17165": 23_768, // Saline
  "17167": 196_343, // Sangamon
  "17169": 6_902, // Schuyler
  "17171": 4_949, // Scott
  "17173": 20_990, // Shelby
  "17175": 5_400, // Stark
  "17177": 44_630, // Stephenson
  "17179": 131_343, // Tazewell
  "17181": 17_244, // Union
  "17183": 74_188, // Vermilion
  "17185": 11_361, // Wabash
  "17187": 16_835, // Warren
  "17189": 13_761, // Washington
  "17191": 16_179, // Wayne
  "17193": 13_877, // White
  "17195": 55_691, // Whiteside
  "17197": 696_355, // Will
  "17199": 67_153, // Williamson
  "17201": 285_350, // Winnebago
  "17203": 38_459, // Woodford
  // New York
  "36001": 314_848, // Albany
  "36003": 46_456, // Allegany
  "36005": 1_472_654, // Bronx
  "36007": 198_683, // Broome
  "36009": 77_042, // Cattaraugus
  "36011": 76_248, // Cayuga
  "36013": 127_657, // Chautauqua
  "36015": 84_148, // Chemung
  "36017": 47_220, // Chenango
  "36019": 79_843, // Clinton
  "36021": 61_570, // Columbia
  "36023": 46_809, // Cortland
  "36025": 44_308, // Delaware
  "36027": 295_911, // Dutchess
  "36029": 954_236, // Erie
  "36031": 37_381, // Essex
  "36033": 47_555, // Franklin
  "36035": 53_324, // Fulton
  "36037": 58_388, // Genesee
  "36039": 47_931, // Greene
  "36041": 5_107, // Hamilton
  "36043": 60_139, // Herkimer
  "36045": 116_721, // Jefferson
  "36047": 2_736_074, // Kings
  "36049": 26_582, // Lewis
  "36051": 61_834, // Livingston
  "36053": 68_016, // Madison
  "36055": 759_443, // Monroe
  "36057": 49_532, // Montgomery
  "36059": 1_395_774, // Nassau
  "36061": 1_694_251, // New York
  "36063": 212_666, // Niagara
  "36065": 232_125, // Oneida
  "36067": 476_516, // Onondaga
  "36069": 112_458, // Ontario
  "36071": 401_310, // Orange
  "36073": 40_343, // Orleans
  "36075": 117_525, // Oswego
  "36077": 58_524, // Otsego
  "36079": 97_668, // Putnam
  "36081": 2_405_464, // Queens
  "36083": 161_130, // Rensselaer
  "36085": 495_747, // Richmond
  "36087": 338_329, // Rockland
  "36089": 108_505, // St. Lawrence
  "36091": 235_509, // Saratoga
  "36093": 158_061, // Schenectady
  "36095": 29_714, // Schoharie
  "36097": 17_898, // Schuyler
  "36099": 33_814, // Seneca
  "36101": 93_584, // Steuben
  "36103": 1_525_920, // Suffolk
  "36105": 78_624, // Sullivan
  "36107": 48_455, // Tioga
  "36109": 105_740, // Tompkins
  "36111": 181_851, // Ulster
  "36113": 65_737, // Warren
  "36115": 61_302, // Washington
  "36117": 91_283, // Wayne
  "36119": 1_004_457, // Westchester
  "36121": 40_531, // Wyoming
  "36123": 24_774, // Yates
  // Texas
  "48001": 57_922, // Anderson
  "48003": 18_610, // Andrews
  "48005": 86_395, // Angelina
  "48007": 23_830, // Aransas
  "48009": 8_560, // Archer
  "48011": 1_848, // Armstrong
  "48013": 48_981, // Atascosa
  "48015": 30_167, // Austin
  "48017": 6_904, // Bailey
  "48019": 20_851, // Bandera
  "48021": 97_216, // Bastrop
  "48023": 3_465, // Baylor
  "48025": 31_047, // Bee
  "48027": 370_647, // Bell
  "48029": 2_009_324, // Bexar
  "48031": 11_374, // Blanco
  "48033": 631, // Borden
  "48035": 18_235, // Bosque
  "48037": 92_893, // Bowie
  "48039": 372_031, // Brazoria
  "48041": 233_849, // Brazos
  "48043": 9_546, // Brewster
  "48045": 1_435, // Briscoe
  "48047": 7_076, // Brooks
  "48049": 38_095, // Brown
  "48051": 17_642, // Burleson
  "48053": 49_130, // Burnet
  "48055": 45_883, // Caldwell
  "48057": 20_106, // Calhoun
  "48059": 13_708, // Callahan
  "48061": 421_017, // Cameron
  "48063": 12_464, // Camp
  "48065": 5_807, // Carson
  "48067": 28_454, // Cass
  "48069": 7_371, // Castro
  "48071": 46_571, // Chambers
  "48073": 50_412, // Cherokee
  "48075": 6_664, // Childress
  "48077": 10_218, // Clay
  "48079": 2_547, // Cochran
  "48081": 3_285, // Coke
  "48083": 7_684, // Coleman
  "48085": 1_064_465, // Collin
  "48087": 2_652, // Collingsworth
  "48089": 20_557, // Colorado
  "48091": 161_501, // Comal
  "48093": 13_594, // Comanche
  "48095": 3_303, // Concho
  "48097": 41_668, // Cooke
  "48099": 83_093, // Coryell
  "48101": 1_380, // Cottle
  "48103": 4_675, // Crane
  "48105": 3_098, // Crockett
  "48107": 5_133, // Crosby
  "48109": 2_188, // Culberson
  "48111": 7_115, // Dallam
  "48113": 2_613_539, // Dallas
  "48115": 12_456, // Dawson
  "48117": 18_583, // Deaf Smith
  "48119": 5_230, // Delta
  "48121": 906_422, // Denton
  "48123": 19_824, // DeWitt
  "48125": 1_770, // Dickens
  "48127": 8_615, // Dimmit
  "48129": 3_258, // Donley
  "48131": 9_831, // Duval
  "48133": 17_725, // Eastland
  "48135": 165_171, // Ector
  "48137": 1_422, // Edwards
  "48139": 192_455, // Ellis
  "48141": 865_657, // El Paso
  "48143": 42_545, // Erath
  "48145": 16_968, // Falls
  "48147": 35_662, // Fannin
  "48149": 24_435, // Fayette
  "48151": 3_672, // Fisher
  "48153": 5_402, // Floyd
  "48155": 1_095, // Foard
  "48157": 822_779, // Fort Bend
  "48159": 10_359, // Franklin
  "48161": 19_435, // Freestone
  "48163": 18_385, // Frio
  "48165": 21_598, // Gaines
  "48167": 350_682, // Galveston
  "48169": 5_816, // Garza
  "48171": 26_725, // Gillespie
  "48173": 1_116, // Glasscock
  "48175": 7_012, // Goliad
  "48177": 19_653, // Gonzales
  "48179": 21_227, // Gray
  "48181": 135_543, // Grayson
  "48183": 124_239, // Gregg
  "48185": 29_999, // Grimes
  "48187": 172_706, // Guadalupe
  "48189": 32_522, // Hale
  "48191": 2_825, // Hall
  "48193": 8_222, // Hamilton
  "48195": 5_285, // Hansford
  "48197": 3_549, // Hardeman
  "48199": 56_231, // Hardin
  "48201": 4_731_145, // Harris
  "48203": 68_839, // Harrison
  "48205": 5_382, // Hartley
  "48207": 5_416, // Haskell
  "48209": 241_067, // Hays
  "48211": 3_382, // Hemphill
  "48213": 82_150, // Henderson
  "48215": 870_781, // Hidalgo
  "48217": 35_874, // Hill
  "48219": 21_537, // Hockley
  "48221": 61_598, // Hood
  "48223": 36_787, // Hopkins
  "48225": 22_066, // Houston
  "48227": 34_860, // Howard
  "48229": 3_202, // Hudspeth
  "48231": 99_956, // Hunt
  "48233": 20_617, // Hutchinson
  "48235": 1_513, // Irion
  "48237": 8_472, // Jack
  "48239": 14_988, // Jackson
  "48241": 32_980, // Jasper
  "48243": 1_996, // Jeff Davis
  "48245": 256_526, // Jefferson
  "48247": 4_838, // Jim Hogg
  "48249": 38_891, // Jim Wells
  "48251": 179_927, // Johnson
  "48253": 19_663, // Jones
  "48255": 14_710, // Karnes
  "48257": 145_310, // Kaufman
  "48259": 44_279, // Kendall
  "48261": 350, // Kenedy
  "48263": 753, // Kent
  "48265": 52_598, // Kerr
  "48267": 4_286, // Kimble
  "48269": 265, // King
  "48271": 3_129, // Kinney
  "48273": 31_040, // Kleberg
  "48275": 3_353, // Knox
  "48277": 50_088, // Lamar
  "48279": 13_045, // Lamb
  "48281": 21_627, // Lampasas
  "48283": 6_664, // La Salle
  "48285": 20_337, // Lavaca
  "48287": 17_478, // Lee
  "48289": 15_719, // Leon
  "48291": 91_628, // Liberty
  "48293": 22_146, // Limestone
  "48295": 3_059, // Lipscomb
  "48297": 11_335, // Live Oak
  "48299": 21_243, // Llano
  "48301": 64, // Loving
  "48303": 310_639, // Lubbock
  "48305": 5_596, // Lynn
  "48307": 7_630, // McCulloch
  "48309": 260_579, // McLennan
  "48311": 600, // McMullen
  "48313": 13_455, // Madison
  "48315": 9_725, // Marion
  "48317": 5_237, // Martin
  "48319": 3_953, // Mason
  "48321": 36_255, // Matagorda
  "48323": 57_887, // Maverick
  "48325": 50_748, // Medina
  "48327": 1_962, // Menard
  "48329": 169_983, // Midland
  "48331": 24_754, // Milam
  "48333": 4_456, // Mills
  "48335": 8_990, // Mitchell
  "48337": 19_965, // Montague
  "48339": 620_443, // Montgomery
  "48341": 21_358, // Moore
  "48343": 11_973, // Morris
  "48345": 1_063, // Motley
  "48347": 64_653, // Nacogdoches
  "48349": 52_624, // Navarro
  "48351": 12_217, // Newton
  "48353": 14_738, // Nolan
  "48355": 353_178, // Nueces
  "48357": 10_015, // Ochiltree
  "48359": 1_758, // Oldham
  "48361": 84_808, // Orange
  "48363": 28_409, // Palo Pinto
  "48365": 22_491, // Panola
  "48367": 148_222, // Parker
  "48369": 9_869, // Parmer
  "48371": 15_193, // Pecos
  "48373": 50_123, // Polk
  "48375": 118_525, // Potter
  "48377": 6_131, // Presidio
  "48379": 12_164, // Rains
  "48381": 140_753, // Randall
  "48383": 3_385, // Reagan
  "48385": 2_758, // Real
  "48387": 11_587, // Red River
  "48389": 14_748, // Reeves
  "48391": 6_741, // Refugio
  "48393": 827, // Roberts
  "48395": 16_757, // Robertson
  "48397": 107_819, // Rockwall
  "48399": 9_900, // Runnels
  "48401": 52_214, // Rusk
  "48403": 9_894, // Sabine
  "48405": 7_918, // San Augustine
  "48407": 27_402, // San Jacinto
  "48409": 68_755, // San Patricio
  "48411": 5_730, // San Saba
  "48413": 2_451, // Schleicher
  "48415": 16_932, // Scurry
  "48417": 3_105, // Shackelford
  "48419": 24_022, // Shelby
  "48421": 2_782, // Sherman
  "48423": 233_479, // Smith
  "48425": 9_205, // Somervell
  "48427": 65_920, // Starr
  "48429": 9_101, // Stephens
  "48431": 1_372, // Sterling
  "48433": 1_245, // Stonewall
  "48435": 3_372, // Sutton
  "48437": 6_971, // Swisher
  "48439": 2_110_640, // Tarrant
  "48441": 143_208, // Taylor
  "48443": 760, // Terrell
  "48445": 11_831, // Terry
  "48447": 1_440, // Throckmorton
  "48449": 31_247, // Titus
  "48451": 120_003, // Tom Green
  "48453": 1_290_188, // Travis
  "48455": 13_602, // Trinity
  "48457": 19_798, // Tyler
  "48459": 40_892, // Upshur
  "48461": 3_308, // Upton
  "48463": 24_564, // Uvalde
  "48465": 47_586, // Val Verde
  "48467": 59_541, // Van Zandt
  "48469": 91_319, // Victoria
  "48471": 76_400, // Walker
  "48473": 56_794, // Waller
  "48475": 11_644, // Ward
  "48477": 35_805, // Washington
  "48479": 267_114, // Webb
  "48481": 41_570, // Wharton
  "48483": 4_990, // Wheeler
  "48485": 129_350, // Wichita
  "48487": 12_887, // Wilbarger
  "48489": 20_164, // Willacy
  "48491": 609_017, // Williamson
  "48493": 49_753, // Wilson
  "48495": 7_415, // Winkler
  "48497": 68_632, // Wise
  "48499": 44_843, // Wood
  "48501": 7_694, // Yoakum
  "48503": 17_867, // Young
  "48505": 13_889, // Zapata
  "48507": 9_670, // Zavala
};
