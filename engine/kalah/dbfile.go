package kalah

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"unsafe"
)

// A database file holds, after dbMagic: the pits a side, 1 for the empty
// capture rule or 0, the most seeds (one byte each), five zero bytes; the
// values, one signed byte per board, layer after layer from the empty
// board up, each layer in rank order; then the CRC-32 (IEEE) of all that
// precedes it, little-endian.
const dbMagic = "KALAHDB1"

// DatabaseFile returns the name of the file of the database of r's pits
// and capture rule up to maxSeeds seeds: "kalah-p6-standard-20.db" or
// "kalah-p6-empty-20.db".
func DatabaseFile(r Rules, maxSeeds int) string {
	rule := "standard"
	if r.EmptyCapture {
		rule = "empty"
	}
	return fmt.Sprintf("kalah-p%d-%s-%d.db", r.Pits, rule, maxSeeds)
}

// WriteTo writes the database in the file format ReadDatabase reads.
func (d *Database) WriteTo(w io.Writer) (int64, error) {
	h := crc32.NewIEEE()
	mw := io.MultiWriter(w, h)
	header := make([]byte, len(dbMagic)+8)
	copy(header, dbMagic)
	header[8], header[10] = byte(d.v.m), byte(d.maxSeeds)
	if d.v.emptyCapture {
		header[9] = 1
	}
	written := int64(0)
	n, err := mw.Write(header)
	written += int64(n)
	for _, l := range d.layers {
		if err != nil {
			break
		}
		n, err = mw.Write(int8Bytes(l))
		written += int64(n)
	}
	if err == nil {
		n, err = w.Write(binary.LittleEndian.AppendUint32(nil, h.Sum32()))
		written += int64(n)
	}
	return written, err
}

// ReadDatabase reads a database file, checking its size and checksum.
func ReadDatabase(path string) (*Database, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	h := len(dbMagic) + 8
	if len(data) < h+4 || string(data[:len(dbMagic)]) != dbMagic {
		return nil, fmt.Errorf("kalah: %s is not a database file", path)
	}
	r := Rules{Pits: int(data[8]), Seeds: 1, EmptyCapture: data[9] == 1}
	maxSeeds := int(data[10])
	if r.Validate() != nil || maxSeeds > maxBoard || int64(len(data)) != int64(h)+DatabaseBytes(r.Pits, maxSeeds)+4 {
		return nil, fmt.Errorf("kalah: %s: bad header or size", path)
	}
	body := data[:len(data)-4]
	if crc32.ChecksumIEEE(body) != binary.LittleEndian.Uint32(data[len(data)-4:]) {
		return nil, errors.New("kalah: " + path + ": checksum mismatch")
	}
	d := &Database{v: variant{m: r.Pits, emptyCapture: r.EmptyCapture}, maxSeeds: maxSeeds}
	values := bytesInt8(body[h:])
	for n := range maxSeeds + 1 {
		size := layerSize(n, 2*r.Pits)
		d.layers = append(d.layers, values[:size:size])
		values = values[size:]
	}
	return d, nil
}

// WriteDatabaseFile writes d into dir under DatabaseFile's name, through a
// temporary file renamed at the end, and returns the path.
func WriteDatabaseFile(d *Database, dir string) (string, error) {
	r := Rules{Pits: d.v.m, Seeds: 1, EmptyCapture: d.v.emptyCapture}
	path := filepath.Join(dir, DatabaseFile(r, d.maxSeeds))
	f, err := os.CreateTemp(dir, ".kalahdb-*")
	if err != nil {
		return "", err
	}
	defer func() { _ = os.Remove(f.Name()) }() // gone already once renamed
	if _, err := d.WriteTo(f); err != nil {
		_ = f.Close() // the write's error is the one to report
		return "", err
	}
	if err := f.Close(); err != nil {
		return "", err
	}
	return path, os.Rename(f.Name(), path)
}

// int8Bytes views values as bytes.
func int8Bytes(v []int8) []byte {
	if len(v) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&v[0])), len(v))
}

// bytesInt8 views bytes as values.
func bytesInt8(b []byte) []int8 {
	if len(b) == 0 {
		return nil
	}
	return unsafe.Slice((*int8)(unsafe.Pointer(&b[0])), len(b))
}
