package backgammon

import (
	"bufio"
	"compress/flate"
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
)

// bearoffFile is the database as cmd/bgbearoff writes it.
//
//go:embed bearoff.bin
var bearoffFile []byte

// bearoffMagic starts the database file: after it, DEFLATE-compressed, each
// distribution of the all-off table then of the first-off table as its
// first non-zero roll count (a byte), its length (a byte) and that many
// probabilities as uint16 fractions of 65535, little-endian.
const bearoffMagic = "BGBO1"

// WriteBearoff writes t in the database file format.
func (t *BearoffTable) WriteBearoff(w io.Writer) error {
	if _, err := io.WriteString(w, bearoffMagic); err != nil {
		return err
	}
	zw, err := flate.NewWriter(w, flate.BestCompression)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(zw)
	for _, tab := range [][][bearoffRolls]float32{t.dist, t.first} {
		for i := range tab {
			writeDist(bw, &tab[i])
		}
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	return zw.Close()
}

// writeDist writes one distribution; w keeps its first error for Flush,
// so the writes' errors are not checked here.
func writeDist(w *bufio.Writer, d *[bearoffRolls]float32) {
	var q [bearoffRolls]uint16
	lo, hi := bearoffRolls, -1
	for n, p := range d {
		q[n] = uint16(p*65535 + 0.5)
		if q[n] != 0 {
			lo, hi = min(lo, n), n
		}
	}
	if hi < 0 {
		_, _ = w.Write([]byte{0, 0})
		return
	}
	_, _ = w.Write([]byte{byte(lo), byte(hi - lo + 1)})
	var buf [2]byte
	for n := lo; n <= hi; n++ {
		binary.LittleEndian.PutUint16(buf[:], q[n])
		_, _ = w.Write(buf[:])
	}
}

// readBearoff reads a database written by WriteBearoff.
func readBearoff(r io.Reader) (*bearoffTable, error) {
	magic := make([]byte, len(bearoffMagic))
	if _, err := io.ReadFull(r, magic); err != nil || string(magic) != bearoffMagic {
		return nil, errors.New("bearoff file: bad magic")
	}
	br := bufio.NewReader(flate.NewReader(r))
	t := &bearoffTable{dist: make([][bearoffRolls]float32, bearoffPositions),
		first: make([][bearoffRolls]float32, gammonPositions)}
	for _, tab := range [][][bearoffRolls]float32{t.dist, t.first} {
		for i := range tab {
			if err := readDist(br, &tab[i]); err != nil {
				return nil, fmt.Errorf("bearoff file: entry %d: %w", i, err)
			}
		}
	}
	return t, nil
}

func readDist(r *bufio.Reader, d *[bearoffRolls]float32) error {
	var hdr [2]byte
	if _, err := io.ReadFull(r, hdr[:]); err != nil {
		return err
	}
	lo, n := int(hdr[0]), int(hdr[1])
	if lo+n > bearoffRolls {
		return errors.New("distribution past the last roll")
	}
	var buf [2]byte
	for k := 0; k < n; k++ {
		if _, err := io.ReadFull(r, buf[:]); err != nil {
			return err
		}
		d[lo+k] = float32(binary.LittleEndian.Uint16(buf[:])) / 65535
	}
	return nil
}
