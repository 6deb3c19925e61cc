// Command op: what an operator does to the store from outside, through the
// serializing proxy (so each of its commands is atomic against the
// instances' writes), printing exactly what each action removed.
//
//	op dump [-key ID]             per document: version, day count, minute frames, lastWrites
//	op save -key ID -file F       the document as it is now (BSON), for a later rollback
//	op rollback -file F           replace the document with the saved copy (CAS on its version)
//	op delete -key ID             delete one document (CAS on its version)
//	op copyall -to C              copy every document to collection C
//	op restore -from C            put C's documents back (CAS per document; those gone are inserted)
//	op drop                       rename counters aside (atomic: what it held is what was removed), drop _instances, _tiers
//	op indexes                    list counters' indexes
//	op dropindexes                drop counters' indexes but _id
//	op count -to C1,C2            count the documents of collections
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"sort"
	"strings"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
)

var (
	db   *mongo.Database
	coll *mongo.Collection
	ctx  context.Context
)

func main() {
	uri := os.Getenv("OP_URI")
	dbName := os.Getenv("OP_DB")
	if uri == "" || dbName == "" {
		log.Fatal("OP_URI and OP_DB must be set")
	}
	var cancel context.CancelFunc
	ctx, cancel = context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cl, err := mongo.Connect(options.Client().ApplyURI(uri).SetMaxPoolSize(1))
	if err != nil {
		log.Fatal(err)
	}
	defer cl.Disconnect(context.Background())
	db = cl.Database(dbName)
	coll = db.Collection("counters")
	cmd := os.Args[1]
	fs := flag.NewFlagSet(cmd, flag.ExitOnError)
	key := fs.String("key", "", "document _id")
	file := fs.String("file", "", "file")
	to := fs.String("to", "", "collection")
	from := fs.String("from", "", "collection")
	fs.Parse(os.Args[2:])
	at := time.Now().UTC().Format("15:04:05.000")
	switch cmd {
	case "dump":
		dump(*key)
	case "save":
		var raw bson.Raw
		if err := coll.FindOne(ctx, bson.D{{Key: "_id", Value: *key}}).Decode(&raw); err != nil {
			log.Fatal(err)
		}
		if err := os.WriteFile(*file, raw, 0o644); err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%s saved %s: %s\n", at, *key, describe(raw))
	case "rollback":
		b, err := os.ReadFile(*file)
		if err != nil {
			log.Fatal(err)
		}
		old := bson.Raw(b)
		id := old.Lookup("_id").StringValue()
		for range 20 {
			var cur bson.Raw
			if err := coll.FindOne(ctx, bson.D{{Key: "_id", Value: id}}).Decode(&cur); err != nil {
				log.Fatal(err)
			}
			res, err := coll.ReplaceOne(ctx, bson.D{{Key: "_id", Value: id}, {Key: "version", Value: version(cur)}}, old)
			if err != nil {
				log.Fatal(err)
			}
			if res.MatchedCount == 1 {
				fmt.Printf("%s rollback %s: was %s\n  now %s\n  removed day=%d\n", time.Now().UTC().Format("15:04:05.000"), id, describe(cur), describe(old), day(cur)-day(old))
				return
			}
		}
		log.Fatal("rollback: version kept moving")
	case "delete":
		for range 20 {
			var cur bson.Raw
			if err := coll.FindOne(ctx, bson.D{{Key: "_id", Value: *key}}).Decode(&cur); err != nil {
				log.Fatal(err)
			}
			res, err := coll.DeleteOne(ctx, bson.D{{Key: "_id", Value: *key}, {Key: "version", Value: version(cur)}})
			if err != nil {
				log.Fatal(err)
			}
			if res.DeletedCount == 1 {
				fmt.Printf("%s delete %s: was %s\n  removed day=%d\n", time.Now().UTC().Format("15:04:05.000"), *key, describe(cur), day(cur))
				return
			}
		}
		log.Fatal("delete: version kept moving")
	case "copyall":
		docs := all(coll)
		var ins []any
		var sum int64
		for _, d := range docs {
			ins = append(ins, d)
			sum += day(d)
		}
		db.Collection(*to).Drop(ctx)
		if _, err := db.Collection(*to).InsertMany(ctx, ins); err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%s copyall -> %s: %d documents, day sum %d\n", at, *to, len(docs), sum)
	case "restore":
		var removed, inserted, replaced int64
		per := map[string]int64{}
		for _, old := range all(db.Collection(*from)) {
			id := old.Lookup("_id").StringValue()
			for try := 0; ; try++ {
				if try == 20 {
					log.Fatalf("restore %s: version kept moving", id)
				}
				var cur bson.Raw
				err := coll.FindOne(ctx, bson.D{{Key: "_id", Value: id}}).Decode(&cur)
				if err == mongo.ErrNoDocuments {
					if _, err := coll.InsertOne(ctx, old); err != nil {
						if mongo.IsDuplicateKeyError(err) {
							continue
						}
						log.Fatal(err)
					}
					inserted++
					per[id] += -day(old) // a document gone: the copy adds back
					removed -= day(old)
					break
				}
				if err != nil {
					log.Fatal(err)
				}
				res, err := coll.ReplaceOne(ctx, bson.D{{Key: "_id", Value: id}, {Key: "version", Value: version(cur)}}, old)
				if err != nil {
					log.Fatal(err)
				}
				if res.MatchedCount == 1 {
					replaced++
					per[id] += day(cur) - day(old)
					removed += day(cur) - day(old)
					break
				}
			}
		}
		fmt.Printf("%s restore from %s: replaced %d, inserted %d, removed day=%d\n", at, *from, replaced, inserted, removed)
		printPer(per)
	case "drop":
		aside := fmt.Sprintf("counters_dropped_%d", time.Now().Unix())
		err := db.Client().Database("admin").RunCommand(ctx, bson.D{
			{Key: "renameCollection", Value: db.Name() + ".counters"},
			{Key: "to", Value: db.Name() + "." + aside}}).Err()
		if err != nil {
			log.Fatalf("rename: %v", err)
		}
		at2 := time.Now().UTC().Format("15:04:05.000")
		for _, c := range []string{"counters_instances", "counters_tiers"} {
			if err := db.Collection(c).Drop(ctx); err != nil {
				log.Fatal(err)
			}
		}
		per := map[string]int64{}
		var sum int64
		for _, d := range all(db.Collection(aside)) {
			per[d.Lookup("_id").StringValue()] = day(d)
			sum += day(d)
		}
		fmt.Printf("%s drop: counters renamed to %s (%d documents, removed day=%d), counters_instances and counters_tiers dropped at %s\n", at, aside, len(per), sum, at2)
		printPer(per)
	case "count":
		for _, c := range strings.Split(*to, ",") {
			n, err := db.Collection(c).CountDocuments(ctx, bson.D{})
			if err != nil {
				log.Fatal(err)
			}
			fmt.Printf("%s %s: %d documents\n", at, c, n)
		}
	case "indexes":
		cur, err := coll.Indexes().List(ctx)
		if err != nil {
			log.Fatal(err)
		}
		var ix []bson.M
		if err := cur.All(ctx, &ix); err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%s indexes of counters: %v\n", at, ix)
	case "dropindexes":
		if err := coll.Indexes().DropAll(ctx); err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%s dropped counters' indexes\n", at)
	default:
		log.Fatalf("unknown command %q", cmd)
	}
}

func printPer(per map[string]int64) {
	var ks []string
	for k := range per {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	for _, k := range ks {
		fmt.Printf("  removed %s day=%d\n", k, per[k])
	}
}

func all(c *mongo.Collection) []bson.Raw {
	cur, err := c.Find(ctx, bson.D{})
	if err != nil {
		log.Fatal(err)
	}
	var out []bson.Raw
	for cur.Next(ctx) {
		out = append(out, append(bson.Raw(nil), cur.Current...))
	}
	if err := cur.Err(); err != nil {
		log.Fatal(err)
	}
	return out
}

func dump(key string) {
	f := bson.D{}
	if key != "" {
		f = bson.D{{Key: "_id", Value: key}}
	}
	cur, err := coll.Find(ctx, f)
	if err != nil {
		log.Fatal(err)
	}
	var lines []string
	var sum int64
	for cur.Next(ctx) {
		lines = append(lines, describe(cur.Current))
		sum += day(cur.Current)
	}
	sort.Strings(lines)
	fmt.Printf("%s %d documents, day sum %d\n", time.Now().UTC().Format("15:04:05.000"), len(lines), sum)
	for _, l := range lines {
		fmt.Println(" ", l)
	}
}

func version(d bson.Raw) int64 { return num(d.Lookup("version")) }

func num(v bson.RawValue) int64 {
	switch v.Type {
	case bson.TypeInt64:
		return v.Int64()
	case bson.TypeInt32:
		return int64(v.Int32())
	case bson.TypeDouble:
		return int64(v.Double())
	}
	return 0
}

// day sums the document's one-day frames.
func day(d bson.Raw) int64 {
	v, err := d.LookupErr("requestCounters", "86400")
	if err != nil {
		return 0
	}
	els, _ := v.Document().Elements()
	var n int64
	for _, e := range els {
		n += num(e.Value())
	}
	return n
}

func frames(d bson.Raw, size string) string {
	v, err := d.LookupErr("requestCounters", size)
	if err != nil {
		return "-"
	}
	els, _ := v.Document().Elements()
	var parts []string
	for _, e := range els {
		parts = append(parts, fmt.Sprintf("%s:%d", e.Key(), num(e.Value())))
	}
	return strings.Join(parts, ",")
}

func describe(d bson.Raw) string {
	lw := map[string]int64{}
	if v, err := d.LookupErr("lastWrites"); err == nil {
		els, _ := v.Document().Elements()
		for _, e := range els {
			lw[e.Key()] = num(e.Value())
		}
	}
	var ks []string
	for k := range lw {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	var parts []string
	for _, k := range ks {
		parts = append(parts, fmt.Sprintf("%s=%d", k, lw[k]))
	}
	ep := num(d.Lookup("resetEpoch"))
	return fmt.Sprintf("%s v=%d epoch=%d day=%d min=[%s] lastWrites{%s}", d.Lookup("_id").StringValue(), version(d), ep, day(d), frames(d, "60"), strings.Join(parts, " "))
}
