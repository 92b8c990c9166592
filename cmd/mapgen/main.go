package main

import (
	"crypto/sha256"
	"flag"
	"fmt"
	"log"
	"os"

	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/mapdraw"
)

func main() {
	atlas := flag.String("atlas", "", "countries-50m.json from the npm package world-atlas@2.0.2")
	out := flag.String("o", "games/britannia/geometry.yaml", "geometry file to write")
	tune := flag.Int("tune", 0, "search this many steps for seeds that agree with the board, and print them")
	debug := flag.String("debug", "", "also write a PNG with the seeds marked")
	flag.Parse()
	log.SetFlags(0)
	if *atlas == "" {
		log.Fatal("mapgen: -atlas is required (npm pack world-atlas@2.0.2; tar xzf; package/countries-50m.json)")
	}
	cs, err := readCountries(*atlas)
	if err != nil {
		log.Fatal(err)
	}
	b := games.MustLoad("redux").Board
	m, bs, err := build(cs, b)
	if err != nil {
		log.Fatalf("mapgen: %v", err)
	}
	sp, sw, owner, err := seedPoints(bs)
	if err != nil {
		log.Fatalf("mapgen: %v", err)
	}
	if *tune > 0 {
		sp, sw = tuneSeeds(bs, b, sp, sw, owner, *tune)
		printSeeds(sp, sw, owner, bs)
	}
	rings, err := bs.partition(sp, sw, owner)
	if err != nil {
		log.Fatalf("mapgen: %v", err)
	}
	for i, s := range m.Shapes {
		s.Rings = rings[i]
	}
	if data, err := os.ReadFile(*atlas); err == nil {
		m.AtlasSHA256 = fmt.Sprintf("%x", sha256.Sum256(data))
	}
	place(m)
	data := []byte(m.yaml())
	g, err := mapdraw.LoadGeometry(*out, data, b)
	if err != nil {
		log.Fatalf("mapgen: the written geometry does not load: %v", err)
	}
	if err := os.WriteFile(*out, data, 0o644); err != nil {
		log.Fatal(err)
	}
	if *debug != "" {
		if err := debugPNG(*debug, g, b); err != nil {
			log.Fatal(err)
		}
	}
	bad := g.Disagreements(b)
	for _, d := range bad {
		fmt.Println("disagree:", d)
	}
	fmt.Printf("wrote %s (%d bytes); %d disagreements with the board\n", *out, len(data), len(bad))
	if len(bad) > 0 {
		os.Exit(1)
	}
}
