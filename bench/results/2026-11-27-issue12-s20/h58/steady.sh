#!/bin/bash
# steady traffic, all under their limits; $1 = duration
exec /tmp/s20/h58/load -d ${1:-180s} \
 -spec name=svc,client=demo-service,secret=demo-secret,grant=cc,rps=5 \
 -spec name=alice,client=mobile-app,secret=mobile-secret,grant=password,user=alice,pass=alice-password,rps=0.15 \
 -spec name=gw,client=internal-gateway,secret=gateway-secret,grant=cc,rps=2 \
 -spec name=dry,client=dry-app,secret=dry-secret,grant=cc,rps=0.5 \
 -spec name=batch,client=batch-exporter,secret=batch-secret,grant=cc,rps=0.5
