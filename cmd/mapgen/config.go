package main

// This file holds every hand-chosen number behind the Britannia geometry.
// Positions are latitude/longitude in degrees (east positive). Change them
// here and rerun mapgen (see doc.go); the agreement report it prints says
// whether the drawing still matches the rules board.

// canvas and projection.
const (
	canvasW = 1100
	canvasH = 1500
	// simplifyPx is the Douglas–Peucker tolerance in pixels.
	simplifyPx = 0.6
)

// inlets are the mouths of inlets of the mainland's coast that are filled
// (fillInlet): the coast runs straight from one point to the other.
var inlets = []struct {
	Name     string
	From, To pt
}{
	// The Humber is a sliver at 1:50m and its outer estuary a wedge 17 px
	// across and 37 px deep: York's outline had a spur into the sea
	// (issue 21). The coast runs from Spurn Head to Lindsey's shore.
	{"the inner Humber", pt{737.7, 903.9}, pt{700, 892.1}},
	{"the Humber's mouth", pt{737.7, 903.9}, pt{739.3, 925.5}},
}

var proj = projection{Lon0: -2, Lat0: 54.5, PxPerKm: 1.38, CX: 545, CY: 770}

// seed is a generator point of a mainland area in the power diagram. An
// area may have several seeds; its land is the union of their cells. Weight
// (px²) enlarges a cell against its neighbours.
type seed struct {
	Area     string
	Lat, Lon float64
	Weight   float64
}

// seeds start from rough centres of the historic regions (doc.go) and were
// moved until the drawn borders agreed with the board's links.
var seeds = []seed{
	{"Avalon", 51.364, -2.977, -288},
	{"Bernicia", 55.049, -1.407, 544},
	{"Cheshire", 53.183, -2.791, -114},
	{"Cumbria", 54.554, -3.184, 774},
	{"Downlands", 51.518, -1.425, 150},
	{"Essex", 51.840, 0.595, 89},
	{"Galloway", 54.980, -4.362, 306},
	{"Hwicce", 52.048, -1.996, 1559},
	{"Kent", 50.999, 1.161, 66},
	{"Lindsey", 53.272, -0.119, -403},
	{"Lothian", 55.617, -2.970, 122},
	{"March", 52.945, -2.436, -450},
	{"Norfolk", 52.725, 1.219, 693},
	{"North Mercia", 52.705, -1.113, -1328},
	{"Pennines", 54.562, -2.432, -396},
	{"South Mercia", 51.966, -1.187, 391},
	{"Suffolk", 52.223, 0.791, 411},
	{"Sussex", 50.727, -0.454, -1535},
	{"Wessex", 50.907, -1.787, -1324},
	{"York", 53.949, -1.219, -96},
	{"York", 53.894, -0.026, 89}, // a second seed: Holderness is Yorkshire
	{"Clwyd", 53.055, -3.393, 622},
	{"Cornwall", 50.420, -4.970, -83},
	{"Devon", 50.812, -3.410, 822},
	{"Dyfed", 51.805, -4.690, -827},
	{"Gwent", 51.490, -3.143, -235},
	{"Gwynedd", 52.886, -3.739, -31},
	{"Powys", 52.284, -3.479, 631},
	{"Alban", 56.826, -4.002, -49},
	{"Caithness", 58.347, -3.666, 18},
	{"Dalriada", 56.113, -5.367, -54},
	{"Dunedin", 56.287, -3.804, 1550},
	{"Dalriada", 55.590, -5.805, -719}, // a second seed: Kintyre is Dál Riata
	{"Mar", 57.173, -2.571, 639},
	{"Moray", 57.469, -3.342, 875},
	{"Skye", 57.209, -6.106, -293},
	{"Strathclyde", 55.812, -4.495, 817},
}

// island assigns a whole island (a polygon of the United Kingdom other than
// the mainland) to an area, found by the island's mean point within 0.25°.
// Area "" drops the island; Context draws it grey.
type island struct {
	Name     string
	Lat, Lon float64
	Area     string
	Context  bool
}

var islands = []island{
	{Name: "Anglesey", Lat: 53.28, Lon: -4.31, Area: "Gwynedd"},
	{Name: "Isle of Wight", Lat: 50.67, Lon: -1.28, Area: "Wessex"},
	{Name: "Orkney: Westray", Lat: 59.26, Lon: -2.53, Area: "Orkneys"},
	{Name: "Orkney: Hoy", Lat: 58.84, Lon: -3.27, Area: "Orkneys"},
	{Name: "Orkney: South Ronaldsay", Lat: 58.78, Lon: -2.94, Area: "Orkneys"},
	{Name: "Orkney: Mainland", Lat: 59.00, Lon: -3.10, Area: "Orkneys"},
	{Name: "Orkney: Sanday", Lat: 59.25, Lon: -2.87, Area: "Orkneys"},
	{Name: "Shetland: Yell", Lat: 60.61, Lon: -1.05},
	{Name: "Shetland: Mainland", Lat: 60.29, Lon: -1.36},
	{Name: "Shetland: Unst", Lat: 60.78, Lon: -0.86},
	{Name: "Coll and Tiree", Lat: 56.62, Lon: -6.58, Area: "Dalriada"},
	{Name: "Arran", Lat: 55.58, Lon: -5.23, Area: "Dalriada"},
	{Name: "Mull", Lat: 56.48, Lon: -6.12, Area: "Dalriada"},
	{Name: "Islay", Lat: 55.77, Lon: -6.30, Area: "Dalriada"},
	{Name: "Jura", Lat: 55.94, Lon: -5.94, Area: "Dalriada"},
	{Name: "Lewis and Harris", Lat: 58.10, Lon: -6.75, Area: "Hebrides"},
	{Name: "Rum", Lat: 56.99, Lon: -6.32, Area: "Skye"},
	{Name: "Skye", Lat: 57.36, Lon: -6.24, Area: "Skye"},
	{Name: "North Uist", Lat: 57.63, Lon: -7.34, Area: "Hebrides"},
	{Name: "South Uist", Lat: 57.21, Lon: -7.33, Area: "Hebrides"},
	{Name: "Barra", Lat: 56.98, Lon: -7.47, Area: "Hebrides"},
	{Name: "Northern Ireland", Lat: 54.52, Lon: -6.74, Context: true},
}

// contextCountries are drawn grey where they fall on the canvas (reduX
// Core 1.1: Ireland and the Continent are on the board but not in play).
var contextCountries = []string{"Ireland", "Isle of Man", "France", "Belgium", "Netherlands", "Germany", "Jersey", "Guernsey"}

// contextLabels name the grey land.
var contextLabels = []struct {
	Text     string
	Lat, Lon float64
}{
	{"IRELAND", 53.0, -6.9},
	{"FRANCIA", 50.1, 1.9},
}

// seaBorders are the drawn borders between neighbouring seas: each starts a
// little inland on a coast the two seas share and runs out past the canvas.
var seaBorders = []struct {
	Seas [2]string
	Path []lonLat
}{
	{[2]string{"Icelandic Sea", "North Sea"}, []lonLat{{-2.1, 57.6}, {-1.6, 58.6}, {-1.0, 61.0}}},
	{[2]string{"North Sea", "Frisian Sea"}, []lonLat{{-0.2, 54.12}, {5.0, 54.3}}},
	{[2]string{"Frisian Sea", "English Channel"}, []lonLat{{1.3, 51.15}, {1.7, 50.9}, {3.5, 49.0}}},
	{[2]string{"English Channel", "Atlantic Ocean"}, []lonLat{{-5.65, 50.08}, {-6.5, 49.5}, {-8.0, 48.6}}},
	{[2]string{"Atlantic Ocean", "Irish Sea"}, []lonLat{{-2.95, 53.55}, {-4.0, 53.55}, {-12.0, 53.55}}},
	{[2]string{"Irish Sea", "Icelandic Sea"}, []lonLat{{-5.7, 56.82}, {-6.5, 56.8}, {-12.0, 56.8}}},
}

// seaLabels place each sea's name in its water.
var seaLabels = map[string]lonLat{
	"Icelandic Sea":   {-6.3, 59.2},
	"North Sea":       {0.3, 56.3},
	"Frisian Sea":     {2.6, 52.9},
	"English Channel": {-2.0, 50.2},
	"Irish Sea":       {-4.6, 54.6},
	"Atlantic Ocean":  {-6.3, 51.2},
}

// pins are towns that must fall in a given area, so that the partition stays
// true to the historic regions while the seeds are tuned (mapgen -tune).
var pins = []struct {
	Town     string
	Lat, Lon float64
	Area     string
}{
	{"Hull", 53.74, -0.33, "York"},
	{"Holderness", 53.72, -0.05, "York"},
	{"Leeds", 53.80, -1.55, "York"},
	{"Lincoln", 53.23, -0.54, "Lindsey"},
	{"Chester", 53.19, -2.89, "Cheshire"},
	{"Manchester", 53.48, -2.24, "Cheshire"},
	{"Carlisle", 54.89, -2.93, "Cumbria"},
	{"Newcastle", 54.97, -1.61, "Bernicia"},
	{"Edinburgh", 55.95, -3.19, "Lothian"},
	{"Glasgow", 55.86, -4.25, "Strathclyde"},
	{"Stirling", 56.12, -3.94, "Dunedin"},
	{"Aberdeen", 57.15, -2.10, "Mar"},
	{"Inverness", 57.48, -4.22, "Moray"},
	{"Oban", 56.41, -5.47, "Dalriada"},
	{"Campbeltown", 55.42, -5.60, "Dalriada"},
	{"Tarbert", 55.86, -5.41, "Dalriada"},
	{"Gloucester", 51.86, -2.24, "Hwicce"},
	{"Bristol", 51.45, -2.58, "Avalon"},
	{"Exeter", 50.72, -3.53, "Devon"},
	{"Winchester", 51.06, -1.31, "Wessex"},
	{"Oxford", 51.75, -1.26, "South Mercia"},
	{"Canterbury", 51.28, 1.08, "Kent"},
	{"Norwich", 52.63, 1.30, "Norfolk"},
	{"Cambridge", 52.20, 0.12, "Suffolk"},
	{"Ipswich", 52.06, 1.15, "Suffolk"},
	{"Colchester", 51.89, 0.90, "Essex"},
	{"Leicester", 52.64, -1.13, "North Mercia"},
	{"Nottingham", 52.95, -1.15, "North Mercia"},
	{"Shrewsbury", 52.71, -2.75, "March"},
	{"Cardiff", 51.48, -3.18, "Gwent"},
	{"St Davids", 51.88, -5.27, "Dyfed"},
	{"Caernarfon", 53.14, -4.27, "Gwynedd"},
	{"Aberystwyth", 52.41, -4.08, "Powys"},
	{"Snowdon", 53.07, -4.08, "Gwynedd"},
	{"Bala", 52.91, -3.60, "Gwynedd"},
	{"Dolgellau", 52.74, -3.89, "Gwynedd"},
	{"Llangollen", 52.97, -3.17, "Clwyd"},
	{"Pwllheli", 52.89, -4.42, "Gwynedd"},
	{"Wrexham", 53.05, -3.00, "Clwyd"},
	{"St Asaph", 53.26, -3.44, "Clwyd"},
	{"Kendal", 54.33, -2.75, "Cumbria"},
	{"Penrith", 54.66, -2.75, "Cumbria"},
	{"Preston", 53.76, -2.70, "Cheshire"},
	{"Kyle of Lochalsh", 57.28, -5.71, "Skye"},
	{"Ullapool", 57.90, -5.16, "Skye"},
	{"Wick", 58.44, -3.09, "Caithness"},
	{"Elgin", 57.65, -3.32, "Moray"},
	{"St Andrews", 56.34, -2.80, "Dunedin"},
}

// straits are drawn as arrows between these points (reduX Core 6.2).
var straits = []struct {
	A, B     string
	From, To lonLat
}{
	{"Caithness", "Orkneys", lonLat{-3.1, 58.62}, lonLat{-3.1, 58.84}},
	{"Hebrides", "Skye", lonLat{-7.15, 57.5}, lonLat{-6.6, 57.5}},
	{"Devon", "Dyfed", lonLat{-4.3, 51.17}, lonLat{-4.55, 51.62}},
	{"Devon", "Gwent", lonLat{-3.75, 51.2}, lonLat{-3.45, 51.42}},
}

// labelText gives labels that differ from the area's name, such as one
// split over two lines ("North\nMercia") where one line would not fit.
// None is needed at this scale.
var labelText = map[string]string{}

// legendBox is the canvas rectangle kept for the title and legend.
var legendBox = [4]float64{760, 16, 324, 300} // x, y, w, h
