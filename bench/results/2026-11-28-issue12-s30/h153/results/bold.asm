TEXT github.com/oauth-ratelimit/oauth-ratelimit/cache.(*Cache).ReserveTiers(SB) /tmp/s30/h153/base/cache/decide.go
  decide.go:124		0x5feba0		4c8da42468fdffff	LEAQ 0xfffffd68(SP), R12							
  decide.go:124		0x5feba8		4d3b6610		CMPQ R12, 0x10(R14)								
  decide.go:124		0x5febac		0f86cb170000		JBE 0x60037d									
  decide.go:124		0x5febb2		55			PUSHQ BP									
  decide.go:124		0x5febb3		4889e5			MOVQ SP, BP									
  decide.go:124		0x5febb6		4881ec10030000		SUBQ $0x310, SP									
  decide.go:124		0x5febbd		48898c2448030000	MOVQ CX, 0x348(SP)								
  decide.go:124		0x5febc5		4889b42458030000	MOVQ SI, 0x358(SP)								
  decide.go:127		0x5febcd		4889842438030000	MOVQ AX, 0x338(SP)								
  decide.go:127		0x5febd5		48899c2440030000	MOVQ BX, 0x340(SP)								
  decide.go:127		0x5febdd		4c898c2468030000	MOVQ R9, 0x368(SP)								
  decide.go:127		0x5febe5		44889c2478030000	MOVB R11, 0x378(SP)								
  decide.go:127		0x5febed		4c89842460020000	MOVQ R8, 0x260(SP)								
  decide.go:127		0x5febf5		4889b42408030000	MOVQ SI, 0x308(SP)								
  decide.go:127		0x5febfd		4889bc2458020000	MOVQ DI, 0x258(SP)								
  decide.go:127		0x5fec05		48898c2400030000	MOVQ CX, 0x300(SP)								
  decide.go:126		0x5fec0d		8403			TESTB AL, 0(BX)									
  decide.go:125		0x5fec0f		498b11			MOVQ 0(R9), DX									
  decide.go:125		0x5fec12		48899424c8020000	MOVQ DX, 0x2c8(SP)								
  decide.go:125		0x5fec1a		4d8b6108		MOVQ 0x8(R9), R12								
  decide.go:125		0x5fec1e		4c89a424d0000000	MOVQ R12, 0xd0(SP)								
  decide.go:125		0x5fec26		4d8b6910		MOVQ 0x10(R9), R13								
  decide.go:125		0x5fec2a		4c89ac24d8000000	MOVQ R13, 0xd8(SP)								
  decide.go:125		0x5fec32		450fb67920		MOVZX 0x20(R9), R15								
  decide.go:125		0x5fec37		44887c246f		MOVB R15, 0x6f(SP)								
  decide.go:127		0x5fec3c		4d85d2			TESTQ R10, R10									
  decide.go:128		0x5fec3f		41bb00000000		MOVL $0x0, R11									
  decide.go:128		0x5fec45		4d0f4cd3		CMOVL R11, R10									
  decide.go:128		0x5fec49		4c89942450020000	MOVQ R10, 0x250(SP)								
  decide.go:126		0x5fec51		833d38f3560000		CMPL runtime.writeBarrier(SB), $0x0						
  decide.go:126		0x5fec58		746c			JE 0x5fecc6									
  decide.go:126		0x5fec5a		8403			TESTB AL, 0(BX)									
  decide.go:126		0x5fec5c		488d05dda81e00		LEAQ 0x1ea8dd(IP), AX								
  decide.go:126		0x5fec63		e89853e2ff		CALL runtime.wbZero(SB)								
  decide.go:129		0x5fec68		488b842438030000	MOVQ 0x338(SP), AX								
  decide.go:129		0x5fec70		488b8c2400030000	MOVQ 0x300(SP), CX								
  decide.go:155		0x5fec78		488b9424c8020000	MOVQ 0x2c8(SP), DX								
  decide.go:126		0x5fec80		488b9c2440030000	MOVQ 0x340(SP), BX								
  decide.go:129		0x5fec88		488bb42408030000	MOVQ 0x308(SP), SI								
  decide.go:129		0x5fec90		488bbc2458020000	MOVQ 0x258(SP), DI								
  decide.go:129		0x5fec98		4c8b842460020000	MOVQ 0x260(SP), R8								
  decide.go:125		0x5feca0		4c8b8c2468030000	MOVQ 0x368(SP), R9								
  decide.go:304		0x5feca8		4c8b942450020000	MOVQ 0x250(SP), R10								
  decide.go:155		0x5fecb0		4c8ba424d0000000	MOVQ 0xd0(SP), R12								
  decide.go:155		0x5fecb8		4c8bac24d8000000	MOVQ 0xd8(SP), R13								
  decide.go:150		0x5fecc0		440fb67c246f		MOVZX 0x6f(SP), R15								
  decide.go:126		0x5fecc6		440f113b		MOVUPS X15, 0(BX)								
  decide.go:126		0x5fecca		440f117b10		MOVUPS X15, 0x10(BX)								
  decide.go:126		0x5feccf		440f117b20		MOVUPS X15, 0x20(BX)								
  decide.go:126		0x5fecd4		440f117b30		MOVUPS X15, 0x30(BX)								
  decide.go:126		0x5fecd9		440f117b40		MOVUPS X15, 0x40(BX)								
  decide.go:126		0x5fecde		440f117b50		MOVUPS X15, 0x50(BX)								
  decide.go:126		0x5fece3		440f117b60		MOVUPS X15, 0x60(BX)								
  decide.go:126		0x5fece8		440f117b68		MOVUPS X15, 0x68(BX)								
  time.go:182		0x5feced		4c8b9c2420030000	MOVQ 0x320(SP), R11								
  time.go:182		0x5fecf5		490fbae33f		BTQ $0x3f, R11									
  decide.go:127		0x5fecfa		731f			JAE 0x5fed1b									
  time.go:183		0x5fecfc		4f8d141b		LEAQ 0(R11)(R11*1), R10								
  time.go:183		0x5fed00		49c1ea1f		SHRQ $0x1f, R10									
  time.go:183		0x5fed04		49bb807fb1d70d000000	MOVQ $0xdd7b17f80, R11								
  time.go:183		0x5fed0e		4d01da			ADDQ R11, R10									
  time.go:1433		0x5fed11		4c89942490000000	MOVQ R10, 0x90(SP)								
  time.go:189		0x5fed19		eb20			JMP 0x5fed3b									
  decide.go:127		0x5fed1b		48898424f0020000	MOVQ AX, 0x2f0(SP)								
  time.go:1433		0x5fed23		488b842428030000	MOVQ 0x328(SP), AX								
  time.go:1433		0x5fed2b		4889842490000000	MOVQ AX, 0x90(SP)								
  decide.go:129		0x5fed33		488b8424f0020000	MOVQ 0x2f0(SP), AX								
  decide.go:129		0x5fed3b		4889cb			MOVQ CX, BX									
  decide.go:129		0x5fed3e		4889f9			MOVQ DI, CX									
  decide.go:129		0x5fed41		4889f7			MOVQ SI, DI									
  decide.go:129		0x5fed44		4c89c6			MOVQ R8, SI									
  decide.go:129		0x5fed47		e854820000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*Cache).lookup(SB)	
  decide.go:129		0x5fed4c		48898424d0020000	MOVQ AX, 0x2d0(SP)								
  time.go:189		0x5fed54		488b942490000000	MOVQ 0x90(SP), DX								
  time.go:189		0x5fed5c		49b800096e88f1ffffff	MOVQ $0xfffffff1886e0900, R8							
  time.go:189		0x5fed66		4d8d1410		LEAQ 0(R8)(DX*1), R10								
  time.go:189		0x5fed6a		4c899424b0000000	MOVQ R10, 0xb0(SP)								
  decide.go:130		0x5fed72		4885db			TESTQ BX, BX									
  decide.go:130		0x5fed75		757e			JNE 0x5fedf5									
  decide.go:131		0x5fed77		488b9424c8020000	MOVQ 0x2c8(SP), DX								
  decide.go:131		0x5fed7f		48891424		MOVQ DX, 0(SP)									
  decide.go:131		0x5fed83		488b9424d0000000	MOVQ 0xd0(SP), DX								
  decide.go:131		0x5fed8b		4889542408		MOVQ DX, 0x8(SP)								
  decide.go:131		0x5fed90		488b9424d8000000	MOVQ 0xd8(SP), DX								
  decide.go:131		0x5fed98		4889542410		MOVQ DX, 0x10(SP)								
  decide.go:131		0x5fed9d		4889c3			MOVQ AX, BX									
  decide.go:131		0x5feda0		488bbc2458020000	MOVQ 0x258(SP), DI								
  decide.go:131		0x5feda8		488bb42408030000	MOVQ 0x308(SP), SI								
  decide.go:131		0x5fedb0		4c8b842460020000	MOVQ 0x260(SP), R8								
  decide.go:131		0x5fedb8		4989c9			MOVQ CX, R9									
  decide.go:131		0x5fedbb		488b842438030000	MOVQ 0x338(SP), AX								
  decide.go:131		0x5fedc3		488b8c2400030000	MOVQ 0x300(SP), CX								
  decide.go:131		0x5fedcb		e870890000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*Cache).findOrInsert(SB)	
  decide.go:199		0x5fedd0		488b942490000000	MOVQ 0x90(SP), DX								
  decide.go:199		0x5fedd8		49b800096e88f1ffffff	MOVQ $0xfffffff1886e0900, R8							
  entry.go:147		0x5fede2		4c8b9424b0000000	MOVQ 0xb0(SP), R10								
  decide.go:133		0x5fedea		4889c3			MOVQ AX, BX									
  stale.go:16		0x5feded		488b8424d0020000	MOVQ 0x2d0(SP), AX								
  decide.go:133		0x5fedf5		48899c24d8020000	MOVQ BX, 0x2d8(SP)								
  mutex.go:46		0x5fedfd		90			NOPL										
  decide.go:129		0x5fedfe		4889c1			MOVQ AX, CX									
  mutex.go:63		0x5fee01		31c0			XORL AX, AX									
  mutex.go:63		0x5fee03		41bc01000000		MOVL $0x1, R12									
  mutex.go:63		0x5fee09		f0440fb123		LOCK CMPXCHGL R12, 0(BX)							
  mutex.go:63		0x5fee0e		410f94c4		SETE R12									
  mutex.go:63		0x5fee12		4584e4			TESTL R12, R12									
  mutex.go:63		0x5fee15		7532			JNE 0x5fee49									
  mutex.go:70		0x5fee17		4889d8			MOVQ BX, AX									
  mutex.go:70		0x5fee1a		e8c1a9e9ff		CALL internal/sync.(*Mutex).lockSlow(SB)					
  stale.go:16		0x5fee1f		488b8c24d0020000	MOVQ 0x2d0(SP), CX								
  decide.go:199		0x5fee27		488b942490000000	MOVQ 0x90(SP), DX								
  entry.go:147		0x5fee2f		488b9c24d8020000	MOVQ 0x2d8(SP), BX								
  entry.go:147		0x5fee37		49b800096e88f1ffffff	MOVQ $0xfffffff1886e0900, R8							
  entry.go:147		0x5fee41		4c8b9424b0000000	MOVQ 0xb0(SP), R10								
  decide.go:143		0x5fee49		90			NOPL										
  entry.go:147		0x5fee4a		4d85d2			TESTQ R10, R10									
  entry.go:147		0x5fee4d		41bc00000000		MOVL $0x0, R12									
  entry.go:147		0x5fee53		4d89d3			MOVQ R10, R11									
  entry.go:147		0x5fee56		4d0f4cd4		CMOVL R12, R10									
  entry.go:147		0x5fee5a		41bdffffffff		MOVL $-0x1, R13									
  entry.go:147		0x5fee60		4d39d5			CMPQ R13, R10									
  entry.go:147		0x5fee63		4d0f4cd5		CMOVL R13, R10									
  entry.go:147		0x5fee67		44895308		MOVL R10, 0x8(BX)								
  entry.go:264		0x5fee6b		440fb66b1e		MOVZX 0x1e(BX), R13								
  decide.go:144		0x5fee70		90			NOPL										
  stale.go:15		0x5fee71		90			NOPL										
  entry.go:264		0x5fee72		41f6c504		TESTL $0x4, R13									
  entry.go:147		0x5fee76		7543			JNE 0x5feebb									
  stale.go:16		0x5fee78		488b842438030000	MOVQ 0x338(SP), AX								
  decide.go:133		0x5fee80		4889da			MOVQ BX, DX									
  stale.go:16		0x5fee83		4889cb			MOVQ CX, BX									
  stale.go:16		0x5fee86		4889d1			MOVQ DX, CX									
  stale.go:16		0x5fee89		e832a20000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*Cache).markUnread(SB)	
  decide.go:304		0x5fee8e		488b8c24d0020000	MOVQ 0x2d0(SP), CX								
  decide.go:199		0x5fee96		488b942490000000	MOVQ 0x90(SP), DX								
  decide.go:155		0x5fee9e		488b9c24d8020000	MOVQ 0x2d8(SP), BX								
  decide.go:155		0x5feea6		49b800096e88f1ffffff	MOVQ $0xfffffff1886e0900, R8							
  decide.go:304		0x5feeb0		4c8b9c24b0000000	MOVQ 0xb0(SP), R11								
  decide.go:304		0x5feeb8		4531e4			XORL R12, R12									
  decide.go:125		0x5feebb		4c8bac2468030000	MOVQ 0x368(SP), R13								
  decide.go:125		0x5feec3		4d8d7d24		LEAQ 0x24(R13), R15								
  decide.go:149		0x5feec7		488b842438030000	MOVQ 0x338(SP), AX								
  decide.go:149		0x5feecf		49394518		CMPQ 0x18(R13), AX								
  decide.go:149		0x5feed3		747e			JE 0x5fef53									
  decide.go:150		0x5feed5		0fb674246f		MOVZX 0x6f(SP), SI								
  decide.go:150		0x5feeda		660f1f440000		NOPW 0(AX)(AX*1)								
  decide.go:150		0x5feee0		4084f6			TESTL SI, SI									
  decide.go:150		0x5feee3		0f8466140000		JE 0x60034f									
  decide.go:154		0x5feee9		c744247000000000	MOVL $0x0, 0x70(SP)								
  decide.go:155		0x5feef1		4889d8			MOVQ BX, AX									
  decide.go:155		0x5feef4		488b9c24c8020000	MOVQ 0x2c8(SP), BX								
  decide.go:155		0x5feefc		488b8c24d0000000	MOVQ 0xd0(SP), CX								
  decide.go:155		0x5fef04		488bbc24d8000000	MOVQ 0xd8(SP), DI								
  decide.go:155		0x5fef0c		e88f9e0000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*entry).sizesCode(SB)	
  decide.go:155		0x5fef11		895c2470		MOVL BX, 0x70(SP)								
  decide.go:304		0x5fef15		488b8c24d0020000	MOVQ 0x2d0(SP), CX								
  decide.go:199		0x5fef1d		488b942490000000	MOVQ 0x90(SP), DX								
  decide.go:324		0x5fef25		488b9c24d8020000	MOVQ 0x2d8(SP), BX								
  decide.go:324		0x5fef2d		49b800096e88f1ffffff	MOVQ $0xfffffff1886e0900, R8							
  decide.go:304		0x5fef37		4c8b9c24b0000000	MOVQ 0xb0(SP), R11								
  decide.go:304		0x5fef3f		4531e4			XORL R12, R12									
  decide.go:189		0x5fef42		89c6			MOVL AX, SI									
  decide.go:154		0x5fef44		4c8d7c2470		LEAQ 0x70(SP), R15								
  decide.go:324		0x5fef49		488b842438030000	MOVQ 0x338(SP), AX								
  decide.go:156		0x5fef51		eb05			JMP 0x5fef58									
  decide.go:189		0x5fef53		0fb674246f		MOVZX 0x6f(SP), SI								
  decide.go:189		0x5fef58		4c8bac24d0000000	MOVQ 0xd0(SP), R13								
  decide.go:189		0x5fef60		4983fd01		CMPQ R13, $0x1									
  decide.go:189		0x5fef64		0f8542070000		JNE 0x5ff6ac									
  decide.go:324		0x5fef6a		0fb67b1e		MOVZX 0x1e(BX), DI								
  decide.go:324		0x5fef6e		40f6c720		TESTL $0x20, DI									
  decide.go:324		0x5fef72		0f8534070000		JNE 0x5ff6ac									
  decide.go:324		0x5fef78		80787800		CMPB 0x78(AX), $0x0								
  decide.go:324		0x5fef7c		0f1f4000		NOPL 0(AX)									
  decide.go:189		0x5fef80		0f8526070000		JNE 0x5ff6ac									
  decide.go:199		0x5fef86		0fb67b1f		MOVZX 0x1f(BX), DI								
  decide.go:199		0x5fef8a		83e70f			ANDL $0xf, DI									
  decide.go:199		0x5fef8d		4038fe			CMPL SI, DI									
  decide.go:199		0x5fef90		0f8501070000		JNE 0x5ff697									
  decide.go:198		0x5fef96		418b3f			MOVL 0(R15), DI									
  decide.go:198		0x5fef99		4c63cf			MOVSXD DI, R9									
  decide.go:198		0x5fef9c		448b530c		MOVL 0xc(BX), R10								
  decide.go:199		0x5fefa0		4c29d2			SUBQ R10, DX									
  decide.go:199		0x5fefa3		4c01c2			ADDQ R8, DX									
  decide.go:199		0x5fefa6		4939d1			CMPQ R9, DX									
  decide.go:199		0x5fefa9		0f86d3060000		JBE 0x5ff682									
  decide.go:198		0x5fefaf		897c2474		MOVL DI, 0x74(SP)								
  decide.go:197		0x5fefb3		0fb7531c		MOVZX 0x1c(BX), DX								
  decide.go:197		0x5fefb7		4889942448020000	MOVQ DX, 0x248(SP)								
  decide.go:189		0x5fefbf		4d89f9			MOVQ R15, R9									
  decide.go:197		0x5fefc2		4c8bbc24c8020000	MOVQ 0x2c8(SP), R15								
  decide.go:197		0x5fefca		498b3f			MOVQ 0(R15), DI									
  decide.go:197		0x5fefcd		4889bc2440020000	MOVQ DI, 0x240(SP)								
  decide.go:330		0x5fefd5		4883fa01		CMPQ DX, $0x1									
  decide.go:330		0x5fefd9		7e4b			JLE 0x5ff026									
  decide.go:330		0x5fefdb		48c1ff3f		SARQ $0x3f, DI									
  decide.go:330		0x5fefdf		48b8cdcccccccccccccc	MOVQ $0xcccccccccccccccd, AX							
  decide.go:330		0x5fefe9		4c8ba42440020000	MOVQ 0x240(SP), R12								
  decide.go:330		0x5feff1		49f7ec			IMULQ R12									
  decide.go:330		0x5feff4		498d0414		LEAQ 0(R12)(DX*1), AX								
  decide.go:330		0x5feff8		48c1f803		SARQ $0x3, AX									
  decide.go:330		0x5feffc		4829f8			SUBQ DI, AX									
  decide.go:330		0x5fefff		4c8ba42448020000	MOVQ 0x248(SP), R12								
  decide.go:330		0x5ff007		4939c4			CMPQ R12, AX									
  decide.go:199		0x5ff00a		0f8f5e060000		JG 0x5ff66e									
  decide.go:324		0x5ff010		488b842438030000	MOVQ 0x338(SP), AX								
  decide.go:199		0x5ff018		4c89e2			MOVQ R12, DX									
  decide.go:204		0x5ff01b		488bbc2440020000	MOVQ 0x240(SP), DI								
  decide.go:204		0x5ff023		4531e4			XORL R12, R12									
  decide.go:199		0x5ff026		4c8d820100ffff		LEAQ 0xffff0001(DX), R8								
  decide.go:199		0x5ff02d		49f7d8			NEGQ R8										
  decide.go:199		0x5ff030		4c8ba42450020000	MOVQ 0x250(SP), R12								
  decide.go:199		0x5ff038		0f1f840000000000	NOPL 0(AX)(AX*1)								
  decide.go:199		0x5ff040		4d39c4			CMPQ R12, R8									
  decide.go:199		0x5ff043		0f8f77060000		JG 0x5ff6c0									
  decide.go:189		0x5ff049		4c898c24f8020000	MOVQ R9, 0x2f8(SP)								
  decide.go:200		0x5ff051		4c634314		MOVSXD 0x14(BX), R8								
  decide.go:200		0x5ff055		4c89842438020000	MOVQ R8, 0x238(SP)								
  decide.go:201		0x5ff05d		4901d0			ADDQ DX, R8									
  decide.go:202		0x5ff060		90			NOPL										
  time.go:182		0x5ff061		4c8bac2420030000	MOVQ 0x320(SP), R13								
  time.go:182		0x5ff069		490fbae53f		BTQ $0x3f, R13									
  time.go:182		0x5ff06e		7332			JAE 0x5ff0a2									
  time.go:183		0x5ff070		4f8d4c2d00		LEAQ 0(R13)(R13*1), R9								
  time.go:183		0x5ff075		49c1e91f		SHRQ $0x1f, R9									
  time.go:183		0x5ff079		49bc807fb1d70d000000	MOVQ $0xdd7b17f80, R12								
  time.go:183		0x5ff083		4d01e1			ADDQ R12, R9									
  decide.go:204		0x5ff086		4c8ba42450020000	MOVQ 0x250(SP), R12								
  time.go:1461		0x5ff08e		4c898c2488000000	MOVQ R9, 0x88(SP)								
  decide.go:248		0x5ff096		4c8b8c24f8020000	MOVQ 0x2f8(SP), R9								
  decide.go:248		0x5ff09e		6690			NOPW										
  time.go:189		0x5ff0a0		eb20			JMP 0x5ff0c2									
  decide.go:149		0x5ff0a2		48898424e8020000	MOVQ AX, 0x2e8(SP)								
  time.go:1461		0x5ff0aa		488b842428030000	MOVQ 0x328(SP), AX								
  time.go:1461		0x5ff0b2		4889842488000000	MOVQ AX, 0x88(SP)								
  type.go:80		0x5ff0ba		488b8424e8020000	MOVQ 0x2e8(SP), AX								
  decide.go:198		0x5ff0c2		4c89942430020000	MOVQ R10, 0x230(SP)								
  decide.go:189		0x5ff0ca		408874246f		MOVB SI, 0x6f(SP)								
  decide.go:197		0x5ff0cf		4d8b4f08		MOVQ 0x8(R15), R9								
  decide.go:197		0x5ff0d3		4c898c2428020000	MOVQ R9, 0x228(SP)								
  decide.go:200		0x5ff0db		48637310		MOVSXD 0x10(BX), SI								
  decide.go:200		0x5ff0df		4889b42420020000	MOVQ SI, 0x220(SP)								
  window.go:76		0x5ff0e7		4d69d200ca9a3b		IMULQ $0x3b9aca00, R10, R10							
  time.go:1461		0x5ff0ee		4c8bbc2488000000	MOVQ 0x88(SP), R15								
  time.go:1461		0x5ff0f6		4d69ff00ca9a3b		IMULQ $0x3b9aca00, R15, R15							
  time.go:177		0x5ff0fd		4181e5ffffff3f		ANDL $0x3fffffff, R13								
  time.go:1461		0x5ff104		4d63ed			MOVSXD R13, R13									
  time.go:1461		0x5ff107		4d01fd			ADDQ R15, R13									
  window.go:76		0x5ff10a		4d29d5			SUBQ R10, R13									
  window.go:76		0x5ff10d		49bf00001a3deb03b2a1	MOVQ $0xa1b203eb3d1a0000, R15							
  window.go:76		0x5ff117		4d01fd			ADDQ R15, R13									
  decide.go:203		0x5ff11a		90			NOPL										
  window.go:235		0x5ff11b		4d85ed			TESTQ R13, R13									
  window.go:235		0x5ff11e		41bf00000000		MOVL $0x0, R15									
  window.go:235		0x5ff124		4d0f4cef		CMOVL R15, R13									
  window.go:235		0x5ff128		4d39e9			CMPQ R9, R13									
  window.go:76		0x5ff12b		4d0f4ce9		CMOVL R9, R13									
  window.go:76		0x5ff12f		4c89ac24a8000000	MOVQ R13, 0xa8(SP)								
  window.go:148		0x5ff137		4885f6			TESTQ SI, SI									
  decide.go:128		0x5ff13a		4d89e2			MOVQ R12, R10									
  window.go:148		0x5ff13d		41bc00000000		MOVL $0x0, R12									
  window.go:148		0x5ff143		490f4cf4		CMOVL R12, SI									
  window.go:235		0x5ff147		4d85ed			TESTQ R13, R13									
  window.go:235		0x5ff14a		4d0f4cef		CMOVL R15, R13									
  window.go:235		0x5ff14e		4d39e9			CMPQ R9, R13									
  window.go:148		0x5ff151		4d0f4ce9		CMOVL R9, R13									
  window.go:148		0x5ff155		4d29e9			SUBQ R13, R9									
  window.go:226		0x5ff158		4c8bbc2428020000	MOVQ 0x228(SP), R15								
  window.go:226		0x5ff160		4d39cf			CMPQ R15, R9									
  window.go:235		0x5ff163		7435			JE 0x5ff19a									
  window.go:229		0x5ff165		4889f0			MOVQ SI, AX									
  decide.go:197		0x5ff168		4889d6			MOVQ DX, SI									
  window.go:229		0x5ff16b		49f7e1			MULQ R9										
  window.go:230		0x5ff16e		4d85ff			TESTQ R15, R15									
  window.go:230		0x5ff171		0f84d3110000		JE 0x60034a									
  window.go:230		0x5ff177		660f1f840000000000	NOPW 0(AX)(AX*1)								
  window.go:230		0x5ff180		4c39fa			CMPQ DX, R15									
  window.go:230		0x5ff183		0f83bc110000		JAE 0x600345									
  window.go:230		0x5ff189		49f7f7			DIVQ R15									
  share.go:108		0x5ff18c		4889f2			MOVQ SI, DX									
  window.go:148		0x5ff18f		4889c6			MOVQ AX, SI									
  type.go:80		0x5ff192		488b842438030000	MOVQ 0x338(SP), AX								
  window.go:149		0x5ff19a		4d85c0			TESTQ R8, R8									
  window.go:149		0x5ff19d		4d0f4cc4		CMOVL R12, R8									
  window.go:149		0x5ff1a1		4c01c6			ADDQ R8, SI									
  window.go:148		0x5ff1a4		4d89e8			MOVQ R13, R8									
  window.go:149		0x5ff1a7		49bdffffffffffffff7f	MOVQ $0x7fffffffffffffff, R13							
  window.go:149		0x5ff1b1		4939f5			CMPQ R13, SI									
  window.go:97		0x5ff1b4		490f42f5		CMOVB R13, SI									
  decide.go:204		0x5ff1b8		4829f7			SUBQ SI, DI									
  decide.go:204		0x5ff1bb		4889bc2418020000	MOVQ DI, 0x218(SP)								
  decide.go:204		0x5ff1c3		4885ff			TESTQ DI, DI									
  decide.go:204		0x5ff1c6		490f4cfc		CMOVL R12, DI									
  decide.go:204		0x5ff1ca		4c29d7			SUBQ R10, DI									
  decide.go:208		0x5ff1cd		807b2302		CMPB 0x23(BX), $0x2								
  window.go:149		0x5ff1d1		721c			JB 0x5ff1ef									
  type.go:80		0x5ff1d3		448ba870010000		MOVL 0x170(AX), R13								
  writers.go:80		0x5ff1da		4585ed			TESTL R13, R13									
  writers.go:80		0x5ff1dd		740b			JE 0x5ff1ea									
  writers.go:80		0x5ff1df		440fb66820		MOVZX 0x20(AX), R13								
  writers.go:80		0x5ff1e4		4183f501		XORL $0x1, R13									
  writers.go:80		0x5ff1e8		eb08			JMP 0x5ff1f2									
  writers.go:80		0x5ff1ea		4531ed			XORL R13, R13									
  writers.go:80		0x5ff1ed		eb03			JMP 0x5ff1f2									
  writers.go:80		0x5ff1ef		4531ed			XORL R13, R13									
  window.go:148		0x5ff1f2		4c89842410020000	MOVQ R8, 0x210(SP)								
  window.go:148		0x5ff1fa		4c898c2410010000	MOVQ R9, 0x110(SP)								
  window.go:97		0x5ff202		4889b42408020000	MOVQ SI, 0x208(SP)								
  decide.go:204		0x5ff20a		4889bc2408010000	MOVQ DI, 0x108(SP)								
  decide.go:208		0x5ff212		4584ed			TESTL R13, R13									
  decide.go:208		0x5ff215		0f8482010000		JE 0x5ff39d									
  share.go:107		0x5ff21b		440fb66321		MOVZX 0x21(BX), R12								
  share.go:107		0x5ff220		440fb66b22		MOVZX 0x22(BX), R13								
  share.go:107		0x5ff225		4d01e5			ADDQ R12, R13									
  share.go:108		0x5ff228		4885d2			TESTQ DX, DX									
  share.go:108		0x5ff22b		7e0b			JLE 0x5ff238									
  share.go:108		0x5ff22d		4983fd08		CMPQ R13, $0x8									
  share.go:108		0x5ff231		7c05			JL 0x5ff238									
  share.go:108		0x5ff233		4d39ec			CMPQ R12, R13									
  share.go:108		0x5ff236		7505			JNE 0x5ff23d									
  decide.go:197		0x5ff238		4989d4			MOVQ DX, R12									
  decide.go:209		0x5ff23b		eb27			JMP 0x5ff264									
  share.go:111		0x5ff23d		4c0fafe2		IMULQ DX, R12									
  decide.go:560		0x5ff241		4c89e0			MOVQ R12, AX									
  decide.go:197		0x5ff244		4989d4			MOVQ DX, R12									
  decide.go:560		0x5ff247		31d2			XORL DX, DX									
  decide.go:560		0x5ff249		49f7f5			DIVQ R13									
  decide.go:561		0x5ff24c		4885d2			TESTQ DX, DX									
  decide.go:561		0x5ff24f		410f95c5		SETNE R13									
  share.go:111		0x5ff253		450fb6ed		MOVZX R13, R13									
  share.go:111		0x5ff257		498d540500		LEAQ 0(R13)(AX*1), DX								
  decide.go:304		0x5ff25c		488b842438030000	MOVQ 0x338(SP), AX								
  decide.go:209		0x5ff264		4c39e2			CMPQ DX, R12									
  decide.go:209		0x5ff267		741c			JE 0x5ff285									
  decide.go:304		0x5ff269		4d89d4			MOVQ R10, R12									
  decide.go:304		0x5ff26c		4c8bac24d0000000	MOVQ 0xd0(SP), R13								
  decide.go:304		0x5ff274		4c8bbc24c8020000	MOVQ 0x2c8(SP), R15								
  decide.go:304		0x5ff27c		0f1f4000		NOPL 0(AX)									
  decide.go:210		0x5ff280		e942100000		JMP 0x6002c7									
  decide.go:212		0x5ff285		4889d8			MOVQ BX, AX									
  decide.go:212		0x5ff288		31db			XORL BX, BX									
  decide.go:212		0x5ff28a		e8b1920000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*entry).hotCounter(SB)	
  decide.go:212		0x5ff28f		488d8424b8010000	LEAQ 0x1b8(SP), AX								
  decide.go:212		0x5ff297		4889e1			MOVQ SP, CX									
  decide.go:212		0x5ff29a		440f1031		MOVUPS 0(CX), X14								
  decide.go:212		0x5ff29e		440f1130		MOVUPS X14, 0(AX)								
  decide.go:212		0x5ff2a2		440f107110		MOVUPS 0x10(CX), X14								
  decide.go:212		0x5ff2a7		440f117010		MOVUPS X14, 0x10(AX)								
  decide.go:212		0x5ff2ac		440f107120		MOVUPS 0x20(CX), X14								
  decide.go:212		0x5ff2b1		440f117020		MOVUPS X14, 0x20(AX)								
  writers.go:87		0x5ff2b6		488b9424d8020000	MOVQ 0x2d8(SP), DX								
  writers.go:87		0x5ff2be		0fb67223		MOVZX 0x23(DX), SI								
  writers.go:87		0x5ff2c2		89f7			MOVL SI, DI									
  writers.go:87		0x5ff2c4		83e67f			ANDL $0x7f, SI									
  writers.go:88		0x5ff2c7		4080ff80		CMPL DI, $0x80									
  writers.go:88		0x5ff2cb		7219			JB 0x5ff2e6									
  type.go:80		0x5ff2cd		4c8b942438030000	MOVQ 0x338(SP), R10								
  type.go:80		0x5ff2d5		458b9a70010000		MOVL 0x170(R10), R11								
  writers.go:89		0x5ff2dc		4d63db			MOVSXD R11, R11									
  writers.go:89		0x5ff2df		4939f3			CMPQ R11, SI									
  writers.go:89		0x5ff2e2		490f4ff3		CMOVG R11, SI									
  writers.go:91		0x5ff2e6		4885f6			TESTQ SI, SI									
  decide.go:213		0x5ff2e9		ba01000000		MOVL $0x1, DX									
  decide.go:213		0x5ff2ee		480f4ef2		CMOVLE DX, SI									
  decide.go:213		0x5ff2f2		488b9c2440020000	MOVQ 0x240(SP), BX								
  decide.go:213		0x5ff2fa		488bbc24a8000000	MOVQ 0xa8(SP), DI								
  decide.go:213		0x5ff302		4989f0			MOVQ SI, R8									
  decide.go:213		0x5ff305		4c8b8c2450020000	MOVQ 0x250(SP), R9								
  decide.go:213		0x5ff30d		488bb42408020000	MOVQ 0x208(SP), SI								
  decide.go:213		0x5ff315		488b8c2428020000	MOVQ 0x228(SP), CX								
  decide.go:213		0x5ff31d		0f1f00			NOPL 0(AX)									
  decide.go:213		0x5ff320		e83b950000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.shareRoomAt(SB)		
  decide.go:213		0x5ff325		4c8b8c2450020000	MOVQ 0x250(SP), R9								
  decide.go:213		0x5ff32d		4c29c8			SUBQ R9, AX									
  decide.go:213		0x5ff330		488bbc2408010000	MOVQ 0x108(SP), DI								
  decide.go:213		0x5ff338		4839f8			CMPQ AX, DI									
  decide.go:213		0x5ff33b		4889fa			MOVQ DI, DX									
  decide.go:213		0x5ff33e		480f4cd0		CMOVL AX, DX									
  decide.go:228		0x5ff342		488b842438030000	MOVQ 0x338(SP), AX								
  decide.go:304		0x5ff34a		488b8c24d0020000	MOVQ 0x2d0(SP), CX								
  decide.go:223		0x5ff352		488b9c24d8020000	MOVQ 0x2d8(SP), BX								
  decide.go:229		0x5ff35a		488bb42408020000	MOVQ 0x208(SP), SI								
  window.go:198		0x5ff362		4c8b842410020000	MOVQ 0x210(SP), R8								
  decide.go:235		0x5ff36a		4c8b8c2410010000	MOVQ 0x110(SP), R9								
  decide.go:215		0x5ff372		4c8b942450020000	MOVQ 0x250(SP), R10								
  decide.go:304		0x5ff37a		4c8b9c24b0000000	MOVQ 0xb0(SP), R11								
  decide.go:304		0x5ff382		4531e4			XORL R12, R12									
  decide.go:215		0x5ff385		4989fd			MOVQ DI, R13									
  decide.go:229		0x5ff388		4c8bbc2428020000	MOVQ 0x228(SP), R15								
  decide.go:215		0x5ff390		4889d7			MOVQ DX, DI									
  decide.go:234		0x5ff393		488b942448020000	MOVQ 0x248(SP), DX								
  writers.go:91		0x5ff39b		eb03			JMP 0x5ff3a0									
  decide.go:204		0x5ff39d		4989fd			MOVQ DI, R13									
  decide.go:215		0x5ff3a0		4885ff			TESTQ DI, DI									
  decide.go:215		0x5ff3a3		0f8c99020000		JL 0x5ff642									
  decide.go:215		0x5ff3a9		4c8bbc2418020000	MOVQ 0x218(SP), R15								
  decide.go:215		0x5ff3b1		4d39fa			CMPQ R10, R15									
  decide.go:215		0x5ff3b4		0f8f7b020000		JG 0x5ff635									
  decide.go:215		0x5ff3ba		49bfffffffffffffff7f	MOVQ $0x7fffffffffffffff, R15							
  decide.go:215		0x5ff3c4		4d39ef			CMPQ R15, R13									
  decide.go:215		0x5ff3c7		0f8e7f020000		JLE 0x5ff64c									
  decide.go:223		0x5ff3cd		807b2001		CMPB 0x20(BX), $0x1								
  decide.go:223		0x5ff3d1		0f847c000000		JE 0x5ff453									
  decide.go:215		0x5ff3d7		4889bc2420010000	MOVQ DI, 0x120(SP)								
  decide.go:224		0x5ff3df		488b942440030000	MOVQ 0x340(SP), DX								
  decide.go:224		0x5ff3e7		4883c238		ADDQ $0x38, DX									
  decide.go:224		0x5ff3eb		4889d8			MOVQ BX, AX									
  decide.go:224		0x5ff3ee		4889d3			MOVQ DX, BX									
  decide.go:224		0x5ff3f1		b901000000		MOVL $0x1, CX									
  decide.go:224		0x5ff3f6		4c89df			MOVQ R11, DI									
  decide.go:224		0x5ff3f9		e8c2200000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*entry).reserveRest(SB)	
  decide.go:224		0x5ff3fe		6690			NOPW										
  decide.go:224		0x5ff400		84c0			TESTL AL, AL									
  decide.go:224		0x5ff402		0f84f0010000		JE 0x5ff5f8									
  decide.go:228		0x5ff408		488b842438030000	MOVQ 0x338(SP), AX								
  decide.go:234		0x5ff410		488b942448020000	MOVQ 0x248(SP), DX								
  entry.go:285		0x5ff418		488b9c24d8020000	MOVQ 0x2d8(SP), BX								
  decide.go:229		0x5ff420		488bb42408020000	MOVQ 0x208(SP), SI								
  decide.go:229		0x5ff428		488bbc2420010000	MOVQ 0x120(SP), DI								
  window.go:198		0x5ff430		4c8b842410020000	MOVQ 0x210(SP), R8								
  decide.go:235		0x5ff438		4c8b8c2410010000	MOVQ 0x110(SP), R9								
  decide.go:229		0x5ff440		4c8b942450020000	MOVQ 0x250(SP), R10								
  decide.go:229		0x5ff448		4531e4			XORL R12, R12									
  decide.go:551		0x5ff44b		4c8bac2408010000	MOVQ 0x108(SP), R13								
  decide.go:548		0x5ff453		488b8c2440020000	MOVQ 0x240(SP), CX								
  decide.go:548		0x5ff45b		0f1f440000		NOPL 0(AX)(AX*1)								
  decide.go:548		0x5ff460		4885c9			TESTQ CX, CX									
  decide.go:548		0x5ff463		7f08			JG 0x5ff46d									
  decide.go:548		0x5ff465		41bb01000000		MOVL $0x1, R11									
  decide.go:228		0x5ff46b		eb65			JMP 0x5ff4d2									
  decide.go:228		0x5ff46d		440fb698a0000000	MOVZX 0xa0(AX), R11								
  decide.go:551		0x5ff475		4d85ed			TESTQ R13, R13									
  decide.go:551		0x5ff478		4d0f4cec		CMOVL R12, R13									
  decide.go:551		0x5ff47c		4c39e9			CMPQ CX, R13									
  decide.go:551		0x5ff47f		4c0f4ce9		CMOVL CX, R13									
  decide.go:551		0x5ff483		4989cc			MOVQ CX, R12									
  decide.go:551		0x5ff486		4d29ec			SUBQ R13, R12									
  decide.go:552		0x5ff489		49bdae47e17a14ae4701	MOVQ $0x147ae147ae147ae, R13							
  decide.go:552		0x5ff493		4c39e9			CMPQ CX, R13									
  decide.go:551		0x5ff496		7d11			JGE 0x5ff4a9									
  decide.go:553		0x5ff498		4d6be464		IMULQ $0x64, R12, R12								
  decide.go:553		0x5ff49c		4c0fafd9		IMULQ CX, R11									
  decide.go:553		0x5ff4a0		4d39dc			CMPQ R12, R11									
  decide.go:553		0x5ff4a3		410f9dc3		SETGE R11									
  decide.go:228		0x5ff4a7		eb29			JMP 0x5ff4d2									
  decide.go:555		0x5ff4a9		48b80bd7a3703d0ad7a3	MOVQ $0xa3d70a3d70a3d70b, AX							
  decide.go:197		0x5ff4b3		4989d5			MOVQ DX, R13									
  decide.go:555		0x5ff4b6		48f7e1			MULQ CX										
  decide.go:555		0x5ff4b9		48c1ea06		SHRQ $0x6, DX									
  decide.go:555		0x5ff4bd		4c89e0			MOVQ R12, AX									
  decide.go:555		0x5ff4c0		4989d4			MOVQ DX, R12									
  decide.go:555		0x5ff4c3		31d2			XORL DX, DX									
  decide.go:555		0x5ff4c5		49f7f4			DIVQ R12									
  decide.go:555		0x5ff4c8		4c39d8			CMPQ AX, R11									
  decide.go:555		0x5ff4cb		410f9dc3		SETGE R11									
  decide.go:234		0x5ff4cf		4c89ea			MOVQ R13, DX									
  decide.go:228		0x5ff4d2		4584db			TESTL R11, R11									
  entry.go:284		0x5ff4d5		740f			JE 0x5ff4e6									
  entry.go:285		0x5ff4d7		440fb65b1e		MOVZX 0x1e(BX), R11								
  entry.go:285		0x5ff4dc		4183cb08		ORL $0x8, R11									
  entry.go:285		0x5ff4e0		44885b1e		MOVB R11, 0x1e(BX)								
  entry.go:285		0x5ff4e4		eb0d			JMP 0x5ff4f3									
  entry.go:287		0x5ff4e6		440fb65b1e		MOVZX 0x1e(BX), R11								
  entry.go:287		0x5ff4eb		4183e3f7		ANDL $-0x9, R11									
  entry.go:287		0x5ff4ef		44885b1e		MOVB R11, 0x1e(BX)								
  decide.go:229		0x5ff4f3		4c8b9c2440030000	MOVQ 0x340(SP), R11								
  decide.go:229		0x5ff4fb		6641c7030101		MOVW $0x101, 0(R11)								
  decide.go:229		0x5ff501		49894b08		MOVQ CX, 0x8(R11)								
  decide.go:229		0x5ff505		4c8ba42428020000	MOVQ 0x228(SP), R12								
  decide.go:229		0x5ff50d		4d896310		MOVQ R12, 0x10(R11)								
  decide.go:229		0x5ff511		49897b18		MOVQ DI, 0x18(R11)								
  decide.go:229		0x5ff515		4c01d6			ADDQ R10, SI									
  decide.go:229		0x5ff518		49897320		MOVQ SI, 0x20(R11)								
  decide.go:234		0x5ff51c		4c01d2			ADDQ R10, DX									
  decide.go:231		0x5ff51f		833d6aea560000		CMPL runtime.writeBarrier(SB), $0x0						
  decide.go:231		0x5ff526		7416			JE 0x5ff53e									
  decide.go:231		0x5ff528		498b7338		MOVQ 0x38(R11), SI								
  decide.go:127		0x5ff52c		4c89d8			MOVQ R11, AX									
  decide.go:231		0x5ff52f		e84c2ae9ff		CALL runtime.gcWriteBarrier2(SB)						
  decide.go:231		0x5ff534		49891b			MOVQ BX, 0(R11)									
  decide.go:231		0x5ff537		49897308		MOVQ SI, 0x8(R11)								
  decide.go:231		0x5ff53b		4989c3			MOVQ AX, R11									
  decide.go:231		0x5ff53e		49895b38		MOVQ BX, 0x38(R11)								
  decide.go:231		0x5ff542		4d895340		MOVQ R10, 0x40(R11)								
  decide.go:232		0x5ff546		8b742474		MOVL 0x74(SP), SI								
  decide.go:232		0x5ff54a		41897348		MOVL SI, 0x48(R11)								
  decide.go:232		0x5ff54e		488bb42430020000	MOVQ 0x230(SP), SI								
  decide.go:232		0x5ff556		49897358		MOVQ SI, 0x58(R11)								
  decide.go:233		0x5ff55a		6689531c		MOVW DX, 0x1c(BX)								
  decide.go:234		0x5ff55e		4889d8			MOVQ BX, AX									
  decide.go:234		0x5ff561		4889d3			MOVQ DX, BX									
  decide.go:234		0x5ff564		4c89e7			MOVQ R12, DI									
  decide.go:234		0x5ff567		e874200000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*entry).weigh(SB)	
  decide.go:234		0x5ff56c		488b942438020000	MOVQ 0x238(SP), DX								
  decide.go:234		0x5ff574		4801c2			ADDQ AX, DX									
  window.go:195		0x5ff577		90			NOPL										
  window.go:197		0x5ff578		4885d2			TESTQ DX, DX									
  window.go:235		0x5ff57b		7e19			JLE 0x5ff596									
  window.go:198		0x5ff57d		488b8c2428020000	MOVQ 0x228(SP), CX								
  window.go:198		0x5ff585		4c8d0c09		LEAQ 0(CX)(CX*1), R9								
  window.go:198		0x5ff589		488b8c2410020000	MOVQ 0x210(SP), CX								
  window.go:198		0x5ff591		4929c9			SUBQ CX, R9									
  window.go:103		0x5ff594		eb31			JMP 0x5ff5c7									
  window.go:148		0x5ff596		488b8c2420020000	MOVQ 0x220(SP), CX								
  window.go:148		0x5ff59e		6690			NOPW										
  window.go:148		0x5ff5a0		4885c9			TESTQ CX, CX									
  window.go:199		0x5ff5a3		7e1f			JLE 0x5ff5c4									
  window.go:199		0x5ff5a5		488b8c2428020000	MOVQ 0x228(SP), CX								
  window.go:199		0x5ff5ad		488b942410020000	MOVQ 0x210(SP), DX								
  window.go:199		0x5ff5b5		4839d1			CMPQ CX, DX									
  window.go:199		0x5ff5b8		7e0a			JLE 0x5ff5c4									
  decide.go:235		0x5ff5ba		4c8b8c2410010000	MOVQ 0x110(SP), R9								
  window.go:103		0x5ff5c2		eb03			JMP 0x5ff5c7									
  window.go:103		0x5ff5c4		4531c9			XORL R9, R9									
  decide.go:235		0x5ff5c7		488b8c2440030000	MOVQ 0x340(SP), CX								
  decide.go:235		0x5ff5cf		4c894930		MOVQ R9, 0x30(CX)								
  decide.go:236		0x5ff5d3		90			NOPL										
  mutex.go:65		0x5ff5d4		90			NOPL										
  mutex.go:194		0x5ff5d5		bbffffffff		MOVL $-0x1, BX									
  mutex.go:194		0x5ff5da		488b8424d8020000	MOVQ 0x2d8(SP), AX								
  mutex.go:194		0x5ff5e2		f00fc118		LOCK XADDL BX, 0(AX)								
  mutex.go:194		0x5ff5e6		ffcb			DECL BX										
  mutex.go:195		0x5ff5e8		7405			JE 0x5ff5ef									
  mutex.go:198		0x5ff5ea		e8d1a4e9ff		CALL internal/sync.(*Mutex).unlockSlow(SB)					
  decide.go:237		0x5ff5ef		4881c410030000		ADDQ $0x310, SP									
  decide.go:237		0x5ff5f6		5d			POPQ BP										
  decide.go:237		0x5ff5f7		c3			RET										
  decide.go:304		0x5ff5f8		488b842438030000	MOVQ 0x338(SP), AX								
  decide.go:304		0x5ff600		488b8c24d0020000	MOVQ 0x2d0(SP), CX								
  decide.go:304		0x5ff608		488b9c24d8020000	MOVQ 0x2d8(SP), BX								
  decide.go:304		0x5ff610		4c8b9c24b0000000	MOVQ 0xb0(SP), R11								
  decide.go:304		0x5ff618		4c8ba42450020000	MOVQ 0x250(SP), R12								
  decide.go:304		0x5ff620		4c8bac24d0000000	MOVQ 0xd0(SP), R13								
  decide.go:304		0x5ff628		4c8bbc24c8020000	MOVQ 0x2c8(SP), R15								
  decide.go:225		0x5ff630		e9920c0000		JMP 0x6002c7									
  decide.go:225		0x5ff635		49bfffffffffffffff7f	MOVQ $0x7fffffffffffffff, R15							
  decide.go:225		0x5ff63f		90			NOPL										
  decide.go:215		0x5ff640		eb0a			JMP 0x5ff64c									
  decide.go:215		0x5ff642		49bfffffffffffffff7f	MOVQ $0x7fffffffffffffff, R15							
  decide.go:246		0x5ff64c		0fb674246f		MOVZX 0x6f(SP), SI								
  decide.go:248		0x5ff651		4c8b8c24f8020000	MOVQ 0x2f8(SP), R9								
  decide.go:304		0x5ff659		4d89d4			MOVQ R10, R12									
  decide.go:246		0x5ff65c		4c8bac24d0000000	MOVQ 0xd0(SP), R13								
  decide.go:304		0x5ff664		4c8bbc24c8020000	MOVQ 0x2c8(SP), R15								
  decide.go:215		0x5ff66c		eb52			JMP 0x5ff6c0									
  decide.go:324		0x5ff66e		488b842438030000	MOVQ 0x338(SP), AX								
  decide.go:304		0x5ff676		4c8ba42450020000	MOVQ 0x250(SP), R12								
  decide.go:304		0x5ff67e		6690			NOPW										
  decide.go:199		0x5ff680		eb3e			JMP 0x5ff6c0									
  decide.go:248		0x5ff682		4d89f9			MOVQ R15, R9									
  decide.go:304		0x5ff685		4c8ba42450020000	MOVQ 0x250(SP), R12								
  decide.go:304		0x5ff68d		4c8bbc24c8020000	MOVQ 0x2c8(SP), R15								
  decide.go:199		0x5ff695		eb29			JMP 0x5ff6c0									
  decide.go:248		0x5ff697		4d89f9			MOVQ R15, R9									
  decide.go:304		0x5ff69a		4c8ba42450020000	MOVQ 0x250(SP), R12								
  decide.go:304		0x5ff6a2		4c8bbc24c8020000	MOVQ 0x2c8(SP), R15								
  decide.go:199		0x5ff6aa		eb14			JMP 0x5ff6c0									
  decide.go:248		0x5ff6ac		4d89f9			MOVQ R15, R9									
  decide.go:304		0x5ff6af		4c8ba42450020000	MOVQ 0x250(SP), R12								
  decide.go:304		0x5ff6b7		4c8bbc24c8020000	MOVQ 0x2c8(SP), R15								
  decide.go:304		0x5ff6bf		90			NOPL										
  decide.go:246		0x5ff6c0		4983fd02		CMPQ R13, $0x2									
  decide.go:246		0x5ff6c4		0f85fd0b0000		JNE 0x6002c7									
  decide.go:246		0x5ff6ca		4038731f		CMPB 0x1f(BX), SI								
  decide.go:246		0x5ff6ce		0f85f30b0000		JNE 0x6002c7									
  decide.go:324		0x5ff6d4		0fb6531e		MOVZX 0x1e(BX), DX								
  decide.go:324		0x5ff6d8		0f1f840000000000	NOPL 0(AX)(AX*1)								
  decide.go:324		0x5ff6e0		f6c220			TESTL $0x20, DL									
  decide.go:324		0x5ff6e3		0f85de0b0000		JNE 0x6002c7									
  decide.go:324		0x5ff6e9		80787800		CMPB 0x78(AX), $0x0								
  decide.go:246		0x5ff6ed		0f85d40b0000		JNE 0x6002c7									
  decide.go:251		0x5ff6f3		807b5d00		CMPB 0x5d(BX), $0x0								
  decide.go:251		0x5ff6f7		7411			JE 0x5ff70a									
  decide.go:253		0x5ff6f9		48635370		MOVSXD 0x70(BX), DX								
  decide.go:253		0x5ff6fd		8b7360			MOVL 0x60(BX), SI								
  decide.go:254		0x5ff700		48637b64		MOVSXD 0x64(BX), DI								
  decide.go:254		0x5ff704		4c634368		MOVSXD 0x68(BX), R8								
  decide.go:254		0x5ff708		eb23			JMP 0x5ff72d									
  decide.go:256		0x5ff70a		488b5348		MOVQ 0x48(BX), DX								
  decide.go:256		0x5ff70e		486332			MOVSXD 0(DX), SI								
  decide.go:257		0x5ff711		488b7a08		MOVQ 0x8(DX), DI								
  decide.go:258		0x5ff715		90			NOPL										
  counter.go:70		0x5ff716		4c8b4210		MOVQ 0x10(DX), R8								
  counter.go:70		0x5ff71a		488b5218		MOVQ 0x18(DX), DX								
  decide.go:260		0x5ff71e		4989d2			MOVQ DX, R10									
  decide.go:260		0x5ff721		4889f2			MOVQ SI, DX									
  decide.go:260		0x5ff724		4889fe			MOVQ DI, SI									
  decide.go:260		0x5ff727		4c89c7			MOVQ R8, DI									
  decide.go:260		0x5ff72a		4d89d0			MOVQ R10, R8									
  decide.go:248		0x5ff72d		458b09			MOVL 0(R9), R9									
  decide.go:248		0x5ff730		44894c2474		MOVL R9, 0x74(SP)								
  decide.go:248		0x5ff735		4d63d1			MOVSXD R9, R10									
  decide.go:248		0x5ff738		448b4b0c		MOVL 0xc(BX), R9								
  decide.go:260		0x5ff73c		4c8ba42490000000	MOVQ 0x90(SP), R12								
  decide.go:260		0x5ff744		4d29cc			SUBQ R9, R12									
  decide.go:260		0x5ff747		49bd00096e88f1ffffff	MOVQ $0xfffffff1886e0900, R13							
  decide.go:260		0x5ff751		4d01ec			ADDQ R13, R12									
  decide.go:260		0x5ff754		4d39e2			CMPQ R10, R12									
  decide.go:260		0x5ff757		0f865a0b0000		JBE 0x6002b7									
  decide.go:260		0x5ff75d		48899424f0000000	MOVQ DX, 0xf0(SP)								
  decide.go:247		0x5ff765		440fb7631c		MOVZX 0x1c(BX), R12								
  decide.go:247		0x5ff76a		4d8b17			MOVQ 0(R15), R10								
  decide.go:247		0x5ff76d		4c89942448020000	MOVQ R10, 0x248(SP)								
  decide.go:330		0x5ff775		4983fc01		CMPQ R12, $0x1									
  decide.go:330		0x5ff779		7e49			JLE 0x5ff7c4									
  decide.go:330		0x5ff77b		49c1fa3f		SARQ $0x3f, R10									
  decide.go:330		0x5ff77f		48b8cdcccccccccccccc	MOVQ $0xcccccccccccccccd, AX							
  decide.go:330		0x5ff789		4c8bbc2448020000	MOVQ 0x248(SP), R15								
  decide.go:330		0x5ff791		49f7ef			IMULQ R15									
  decide.go:330		0x5ff794		498d0417		LEAQ 0(R15)(DX*1), AX								
  decide.go:330		0x5ff798		48c1f803		SARQ $0x3, AX									
  decide.go:330		0x5ff79c		4c29d0			SUBQ R10, AX									
  decide.go:330		0x5ff79f		90			NOPL										
  decide.go:330		0x5ff7a0		4939c4			CMPQ R12, AX									
  decide.go:260		0x5ff7a3		0f8ff40a0000		JG 0x60029d									
  decide.go:304		0x5ff7a9		488b842438030000	MOVQ 0x338(SP), AX								
  decide.go:261		0x5ff7b1		488b9424f0000000	MOVQ 0xf0(SP), DX								
  decide.go:267		0x5ff7b9		4d89fa			MOVQ R15, R10									
  decide.go:247		0x5ff7bc		4c8bbc24c8020000	MOVQ 0x2c8(SP), R15								
  decide.go:247		0x5ff7c4		4c89a42440020000	MOVQ R12, 0x240(SP)								
  decide.go:261		0x5ff7cc		4c8ba42490000000	MOVQ 0x90(SP), R12								
  decide.go:261		0x5ff7d4		4929f4			SUBQ SI, R12									
  decide.go:261		0x5ff7d7		4d01ec			ADDQ R13, R12									
  decide.go:261		0x5ff7da		660f1f440000		NOPW 0(AX)(AX*1)								
  decide.go:261		0x5ff7e0		4c39e2			CMPQ DX, R12									
  decide.go:261		0x5ff7e3		0f86aa0a0000		JBE 0x600293									
  decide.go:247		0x5ff7e9		4d8b6710		MOVQ 0x10(R15), R12								
  decide.go:247		0x5ff7ed		4c89a42438020000	MOVQ R12, 0x238(SP)								
  decide.go:330		0x5ff7f5		4c8bac2440020000	MOVQ 0x240(SP), R13								
  decide.go:330		0x5ff7fd		0f1f00			NOPL 0(AX)									
  decide.go:330		0x5ff800		4983fd01		CMPQ R13, $0x1									
  decide.go:330		0x5ff804		7e48			JLE 0x5ff84e									
  decide.go:330		0x5ff806		49c1fc3f		SARQ $0x3f, R12									
  decide.go:330		0x5ff80a		48b8cdcccccccccccccc	MOVQ $0xcccccccccccccccd, AX							
  decide.go:330		0x5ff814		4c8bbc2438020000	MOVQ 0x238(SP), R15								
  decide.go:330		0x5ff81c		49f7ef			IMULQ R15									
  decide.go:330		0x5ff81f		4a8d043a		LEAQ 0(DX)(R15*1), AX								
  decide.go:330		0x5ff823		48c1f803		SARQ $0x3, AX									
  decide.go:330		0x5ff827		4c29e0			SUBQ R12, AX									
  decide.go:330		0x5ff82a		4939c5			CMPQ R13, AX									
  decide.go:261		0x5ff82d		0f8f460a0000		JG 0x600279									
  decide.go:304		0x5ff833		488b842438030000	MOVQ 0x338(SP), AX								
  decide.go:294		0x5ff83b		488b9424f0000000	MOVQ 0xf0(SP), DX								
  decide.go:267		0x5ff843		4d89fc			MOVQ R15, R12									
  decide.go:247		0x5ff846		4c8bbc24c8020000	MOVQ 0x2c8(SP), R15								
  decide.go:261		0x5ff84e		498d950100ffff		LEAQ 0xffff0001(R13), DX							
  decide.go:261		0x5ff855		48f7da			NEGQ DX										
  decide.go:261		0x5ff858		4c8ba42450020000	MOVQ 0x250(SP), R12								
  decide.go:261		0x5ff860		4939d4			CMPQ R12, DX									
  decide.go:261		0x5ff863		0f8f560a0000		JG 0x6002bf									
  decide.go:262		0x5ff869		48635314		MOVSXD 0x14(BX), DX								
  decide.go:263		0x5ff86d		4c01ea			ADDQ R13, DX									
  decide.go:264		0x5ff870		4d01e8			ADDQ R13, R8									
  decide.go:265		0x5ff873		90			NOPL										
  time.go:182		0x5ff874		4c8bac2420030000	MOVQ 0x320(SP), R13								
  time.go:182		0x5ff87c		490fbae53f		BTQ $0x3f, R13									
  time.go:182		0x5ff881		7330			JAE 0x5ff8b3									
  time.go:183		0x5ff883		4b8d4c2d00		LEAQ 0(R13)(R13*1), CX								
  time.go:183		0x5ff888		48c1e91f		SHRQ $0x1f, CX									
  time.go:183		0x5ff88c		49bc807fb1d70d000000	MOVQ $0xdd7b17f80, R12								
  time.go:183		0x5ff896		4c01e1			ADDQ R12, CX									
  decide.go:267		0x5ff899		4c8ba42450020000	MOVQ 0x250(SP), R12								
  time.go:1461		0x5ff8a1		48898c2480000000	MOVQ CX, 0x80(SP)								
  decide.go:304		0x5ff8a9		488b8c24d0020000	MOVQ 0x2d0(SP), CX								
  time.go:189		0x5ff8b1		eb20			JMP 0x5ff8d3									
  decide.go:149		0x5ff8b3		48898424e0020000	MOVQ AX, 0x2e0(SP)								
  time.go:1461		0x5ff8bb		488b842428030000	MOVQ 0x328(SP), AX								
  time.go:1461		0x5ff8c3		4889842480000000	MOVQ AX, 0x80(SP)								
  type.go:80		0x5ff8cb		488b8424e0020000	MOVQ 0x2e0(SP), AX								
  decide.go:248		0x5ff8d3		4c898c2430020000	MOVQ R9, 0x230(SP)								
  decide.go:247		0x5ff8db		498b4f08		MOVQ 0x8(R15), CX								
  window.go:76		0x5ff8df		4d69c900ca9a3b		IMULQ $0x3b9aca00, R9, R9							
  time.go:1461		0x5ff8e6		4c8ba42480000000	MOVQ 0x80(SP), R12								
  time.go:1461		0x5ff8ee		4d69e400ca9a3b		IMULQ $0x3b9aca00, R12, R12							
  time.go:177		0x5ff8f5		4181e5ffffff3f		ANDL $0x3fffffff, R13								
  time.go:1461		0x5ff8fc		4d63ed			MOVSXD R13, R13									
  time.go:1461		0x5ff8ff		4d01ec			ADDQ R13, R12									
  window.go:76		0x5ff902		4d29cc			SUBQ R9, R12									
  time.go:1461		0x5ff905		4d89e9			MOVQ R13, R9									
  window.go:76		0x5ff908		49bd00001a3deb03b2a1	MOVQ $0xa1b203eb3d1a0000, R13							
  window.go:76		0x5ff912		4d01ec			ADDQ R13, R12									
  decide.go:265		0x5ff915		90			NOPL										
  window.go:235		0x5ff916		4d85e4			TESTQ R12, R12									
  window.go:235		0x5ff919		41bd00000000		MOVL $0x0, R13									
  window.go:235		0x5ff91f		4d0f4ce5		CMOVL R13, R12									
  window.go:235		0x5ff923		4c39e1			CMPQ CX, R12									
  window.go:76		0x5ff926		4c0f4ce1		CMOVL CX, R12									
  window.go:76		0x5ff92a		4c89a424a0000000	MOVQ R12, 0xa0(SP)								
  time.go:182		0x5ff932		4c8ba42420030000	MOVQ 0x320(SP), R12								
  time.go:182		0x5ff93a		490fbae43f		BTQ $0x3f, R12									
  time.go:182		0x5ff93f		90			NOPL										
  window.go:235		0x5ff940		732c			JAE 0x5ff96e									
  time.go:183		0x5ff942		4f8d1c24		LEAQ 0(R12)(R12*1), R11								
  time.go:183		0x5ff946		49c1eb1f		SHRQ $0x1f, R11									
  time.go:183		0x5ff94a		49bc807fb1d70d000000	MOVQ $0xdd7b17f80, R12								
  time.go:183		0x5ff954		4d01dc			ADDQ R11, R12									
  decide.go:304		0x5ff957		4c8b9c24b0000000	MOVQ 0xb0(SP), R11								
  time.go:1461		0x5ff95f		4c89642478		MOVQ R12, 0x78(SP)								
  decide.go:304		0x5ff964		4c8ba42420030000	MOVQ 0x320(SP), R12								
  time.go:189		0x5ff96c		eb10			JMP 0x5ff97e									
  time.go:1461		0x5ff96e		4c8bac2428030000	MOVQ 0x328(SP), R13								
  time.go:1461		0x5ff976		4c896c2478		MOVQ R13, 0x78(SP)								
  time.go:1461		0x5ff97b		4531ed			XORL R13, R13									
  decide.go:260		0x5ff97e		4889b424a0010000	MOVQ SI, 0x1a0(SP)								
  decide.go:247		0x5ff986		48898c2428020000	MOVQ CX, 0x228(SP)								
  decide.go:247		0x5ff98e		4d8b5f18		MOVQ 0x18(R15), R11								
  decide.go:262		0x5ff992		4c637b10		MOVSXD 0x10(BX), R15								
  window.go:76		0x5ff996		4869f600ca9a3b		IMULQ $0x3b9aca00, SI, SI							
  time.go:1461		0x5ff99d		4c8b642478		MOVQ 0x78(SP), R12								
  time.go:1461		0x5ff9a2		4d69e400ca9a3b		IMULQ $0x3b9aca00, R12, R12							
  time.go:1461		0x5ff9a9		4d01cc			ADDQ R9, R12									
  window.go:76		0x5ff9ac		4929f4			SUBQ SI, R12									
  decide.go:262		0x5ff9af		4c89fe			MOVQ R15, SI									
  window.go:76		0x5ff9b2		49bf00001a3deb03b2a1	MOVQ $0xa1b203eb3d1a0000, R15							
  window.go:76		0x5ff9bc		4d01fc			ADDQ R15, R12									
  decide.go:266		0x5ff9bf		90			NOPL										
  window.go:235		0x5ff9c0		4d85e4			TESTQ R12, R12									
  window.go:235		0x5ff9c3		4d0f4ce5		CMOVL R13, R12									
  window.go:235		0x5ff9c7		4d39e3			CMPQ R11, R12									
  window.go:76		0x5ff9ca		4d0f4ce3		CMOVL R11, R12									
  window.go:76		0x5ff9ce		4c89a42498000000	MOVQ R12, 0x98(SP)								
  window.go:148		0x5ff9d6		4885f6			TESTQ SI, SI									
  window.go:148		0x5ff9d9		41bf00000000		MOVL $0x0, R15									
  window.go:148		0x5ff9df		4989f1			MOVQ SI, R9									
  window.go:148		0x5ff9e2		490f4cf7		CMOVL R15, SI									
  window.go:235		0x5ff9e6		4c8ba424a0000000	MOVQ 0xa0(SP), R12								
  window.go:235		0x5ff9ee		4d85e4			TESTQ R12, R12									
  window.go:235		0x5ff9f1		4d0f4ce5		CMOVL R13, R12									
  window.go:235		0x5ff9f5		4c39e1			CMPQ CX, R12									
  window.go:148		0x5ff9f8		4c0f4ce1		CMOVL CX, R12									
  window.go:148		0x5ff9fc		4c29e1			SUBQ R12, CX									
  window.go:226		0x5ff9ff		4c8ba42428020000	MOVQ 0x228(SP), R12								
  window.go:226		0x5ffa07		4939cc			CMPQ R12, CX									
  window.go:235		0x5ffa0a		742e			JE 0x5ffa3a									
  window.go:229		0x5ffa0c		4889c8			MOVQ CX, AX									
  decide.go:263		0x5ffa0f		4889d1			MOVQ DX, CX									
  window.go:229		0x5ffa12		48f7e6			MULQ SI										
  window.go:230		0x5ffa15		4d85e4			TESTQ R12, R12									
  window.go:230		0x5ffa18		0f8422090000		JE 0x600340									
  window.go:230		0x5ffa1e		6690			NOPW										
  window.go:230		0x5ffa20		4c39e2			CMPQ DX, R12									
  window.go:230		0x5ffa23		0f830f090000		JAE 0x600338									
  window.go:230		0x5ffa29		49f7f4			DIVQ R12									
  window.go:149		0x5ffa2c		4889ca			MOVQ CX, DX									
  window.go:148		0x5ffa2f		4889c6			MOVQ AX, SI									
  type.go:80		0x5ffa32		488b842438030000	MOVQ 0x338(SP), AX								
  decide.go:247		0x5ffa3a		4c899c2410020000	MOVQ R11, 0x210(SP)								
  decide.go:260		0x5ffa42		4889bc24a8010000	MOVQ DI, 0x1a8(SP)								
  decide.go:266		0x5ffa4a		90			NOPL										
  window.go:149		0x5ffa4b		4885d2			TESTQ DX, DX									
  window.go:149		0x5ffa4e		4889d1			MOVQ DX, CX									
  window.go:149		0x5ffa51		490f4cd7		CMOVL R15, DX									
  window.go:149		0x5ffa55		4801f2			ADDQ SI, DX									
  decide.go:247		0x5ffa58		4c89e6			MOVQ R12, SI									
  window.go:149		0x5ffa5b		49bcffffffffffffff7f	MOVQ $0x7fffffffffffffff, R12							
  window.go:149		0x5ffa65		4939d4			CMPQ R12, DX									
  window.go:97		0x5ffa68		490f42d4		CMOVB R12, DX									
  window.go:148		0x5ffa6c		4885ff			TESTQ DI, DI									
  window.go:148		0x5ffa6f		490f4cff		CMOVL R15, DI									
  window.go:235		0x5ffa73		4c8ba42498000000	MOVQ 0x98(SP), R12								
  window.go:235		0x5ffa7b		4d85e4			TESTQ R12, R12									
  window.go:235		0x5ffa7e		4d0f4ce5		CMOVL R13, R12									
  window.go:235		0x5ffa82		4d39e3			CMPQ R11, R12									
  window.go:148		0x5ffa85		4d0f4ce3		CMOVL R11, R12									
  window.go:148		0x5ffa89		4d29e3			SUBQ R12, R11									
  window.go:226		0x5ffa8c		4c8ba42410020000	MOVQ 0x210(SP), R12								
  window.go:226		0x5ffa94		4d39dc			CMPQ R12, R11									
  window.go:149		0x5ffa97		742c			JE 0x5ffac5									
  window.go:229		0x5ffa99		4c89d8			MOVQ R11, AX									
  window.go:97		0x5ffa9c		4989d3			MOVQ DX, R11									
  window.go:229		0x5ffa9f		48f7e7			MULQ DI										
  window.go:230		0x5ffaa2		4d85e4			TESTQ R12, R12									
  window.go:230		0x5ffaa5		0f8488080000		JE 0x600333									
  window.go:230		0x5ffaab		4c39e2			CMPQ DX, R12									
  window.go:230		0x5ffaae		0f837a080000		JAE 0x60032e									
  window.go:230		0x5ffab4		49f7f4			DIVQ R12									
  decide.go:267		0x5ffab7		4c89da			MOVQ R11, DX									
  window.go:148		0x5ffaba		4889c7			MOVQ AX, DI									
  type.go:80		0x5ffabd		488b842438030000	MOVQ 0x338(SP), AX								
  decide.go:264		0x5ffac5		4c898424b0010000	MOVQ R8, 0x1b0(SP)								
  decide.go:267		0x5ffacd		4d89d3			MOVQ R10, R11									
  decide.go:267		0x5ffad0		4929d2			SUBQ DX, R10									
  decide.go:267		0x5ffad3		4c89942420020000	MOVQ R10, 0x220(SP)								
  decide.go:267		0x5ffadb		4d85d2			TESTQ R10, R10									
  decide.go:267		0x5ffade		4d0f4cd7		CMOVL R15, R10									
  decide.go:267		0x5ffae2		4c8bac2450020000	MOVQ 0x250(SP), R13								
  decide.go:267		0x5ffaea		4d29ea			SUBQ R13, R10									
  window.go:149		0x5ffaed		4d85c0			TESTQ R8, R8									
  window.go:149		0x5ffaf0		4d0f4cc7		CMOVL R15, R8									
  window.go:149		0x5ffaf4		4c01c7			ADDQ R8, DI									
  decide.go:247		0x5ffaf7		4d89e0			MOVQ R12, R8									
  window.go:149		0x5ffafa		49bcffffffffffffff7f	MOVQ $0x7fffffffffffffff, R12							
  window.go:149		0x5ffb04		4939fc			CMPQ R12, DI									
  window.go:97		0x5ffb07		490f42fc		CMOVB R12, DI									
  decide.go:267		0x5ffb0b		4c8ba42438020000	MOVQ 0x238(SP), R12								
  decide.go:267		0x5ffb13		4929fc			SUBQ DI, R12									
  decide.go:267		0x5ffb16		4c89a42418020000	MOVQ R12, 0x218(SP)								
  decide.go:267		0x5ffb1e		4d85e4			TESTQ R12, R12									
  decide.go:267		0x5ffb21		4d0f4ce7		CMOVL R15, R12									
  decide.go:267		0x5ffb25		4d29ec			SUBQ R13, R12									
  decide.go:269		0x5ffb28		807b2302		CMPB 0x23(BX), $0x2								
  window.go:149		0x5ffb2c		721c			JB 0x5ffb4a									
  type.go:80		0x5ffb2e		448bb870010000		MOVL 0x170(AX), R15								
  writers.go:80		0x5ffb35		4585ff			TESTL R15, R15									
  writers.go:80		0x5ffb38		740b			JE 0x5ffb45									
  writers.go:80		0x5ffb3a		440fb67820		MOVZX 0x20(AX), R15								
  writers.go:80		0x5ffb3f		4183f701		XORL $0x1, R15									
  writers.go:80		0x5ffb43		eb08			JMP 0x5ffb4d									
  writers.go:80		0x5ffb45		4531ff			XORL R15, R15									
  writers.go:80		0x5ffb48		eb03			JMP 0x5ffb4d									
  writers.go:80		0x5ffb4a		4531ff			XORL R15, R15									
  decide.go:267		0x5ffb4d		4c89942400010000	MOVQ R10, 0x100(SP)								
  decide.go:267		0x5ffb55		4c89a424f8000000	MOVQ R12, 0xf8(SP)								
  decide.go:267		0x5ffb5d		0f1f00			NOPL 0(AX)									
  decide.go:269		0x5ffb60		4584ff			TESTL R15, R15									
  decide.go:269		0x5ffb63		0f84b1020000		JE 0x5ffe1a									
  decide.go:263		0x5ffb69		48898c2400020000	MOVQ CX, 0x200(SP)								
  share.go:107		0x5ffb71		440fb67b21		MOVZX 0x21(BX), R15								
  share.go:107		0x5ffb76		0fb64b22		MOVZX 0x22(BX), CX								
  share.go:107		0x5ffb7a		4c01f9			ADDQ R15, CX									
  share.go:108		0x5ffb7d		4c8ba42440020000	MOVQ 0x240(SP), R12								
  share.go:108		0x5ffb85		4d85e4			TESTQ R12, R12									
  share.go:108		0x5ffb88		7e0b			JLE 0x5ffb95									
  share.go:108		0x5ffb8a		4883f908		CMPQ CX, $0x8									
  share.go:108		0x5ffb8e		7c05			JL 0x5ffb95									
  share.go:108		0x5ffb90		4939cf			CMPQ R15, CX									
  share.go:108		0x5ffb93		7505			JNE 0x5ffb9a									
  decide.go:247		0x5ffb95		4c89e1			MOVQ R12, CX									
  decide.go:270		0x5ffb98		eb2c			JMP 0x5ffbc6									
  share.go:111		0x5ffb9a		4d0faffc		IMULQ R12, R15									
  decide.go:561		0x5ffb9e		4c89f8			MOVQ R15, AX									
  window.go:97		0x5ffba1		4989d7			MOVQ DX, R15									
  decide.go:561		0x5ffba4		31d2			XORL DX, DX									
  decide.go:561		0x5ffba6		48f7f1			DIVQ CX										
  decide.go:561		0x5ffba9		4885d2			TESTQ DX, DX									
  decide.go:561		0x5ffbac		0f95c2			SETNE DL									
  share.go:111		0x5ffbaf		0fb6d2			MOVZX DL, DX									
  share.go:111		0x5ffbb2		4801c2			ADDQ AX, DX									
  decide.go:304		0x5ffbb5		488b842438030000	MOVQ 0x338(SP), AX								
  decide.go:270		0x5ffbbd		4c89e1			MOVQ R12, CX									
  decide.go:270		0x5ffbc0		4989d4			MOVQ DX, R12									
  decide.go:275		0x5ffbc3		4c89fa			MOVQ R15, DX									
  decide.go:270		0x5ffbc6		4939cc			CMPQ R12, CX									
  decide.go:270		0x5ffbc9		7428			JE 0x5ffbf3									
  decide.go:304		0x5ffbcb		488b8c24d0020000	MOVQ 0x2d0(SP), CX								
  decide.go:304		0x5ffbd3		4c8b9c24b0000000	MOVQ 0xb0(SP), R11								
  decide.go:304		0x5ffbdb		4d89ec			MOVQ R13, R12									
  decide.go:304		0x5ffbde		4c8bac24d0000000	MOVQ 0xd0(SP), R13								
  decide.go:304		0x5ffbe6		4c8bbc24c8020000	MOVQ 0x2c8(SP), R15								
  decide.go:271		0x5ffbee		e9d4060000		JMP 0x6002c7									
  window.go:97		0x5ffbf3		4889942408020000	MOVQ DX, 0x208(SP)								
  window.go:97		0x5ffbfb		4889bc24f8010000	MOVQ DI, 0x1f8(SP)								
  decide.go:262		0x5ffc03		4c898c24f0010000	MOVQ R9, 0x1f0(SP)								
  writers.go:87		0x5ffc0b		440fb66323		MOVZX 0x23(BX), R12								
  writers.go:87		0x5ffc10		4589e7			MOVL R12, R15									
  writers.go:87		0x5ffc13		4183e47f		ANDL $0x7f, R12									
  writers.go:88		0x5ffc17		4180ff80		CMPL R15, $0x80									
  writers.go:88		0x5ffc1b		7211			JB 0x5ffc2e									
  type.go:80		0x5ffc1d		448bb870010000		MOVL 0x170(AX), R15								
  writers.go:89		0x5ffc24		4d63ff			MOVSXD R15, R15									
  writers.go:89		0x5ffc27		4d39e7			CMPQ R15, R12									
  writers.go:89		0x5ffc2a		4d0f4fe7		CMOVG R15, R12									
  decide.go:273		0x5ffc2e		4c89a424c0000000	MOVQ R12, 0xc0(SP)								
  decide.go:274		0x5ffc36		4889d8			MOVQ BX, AX									
  decide.go:274		0x5ffc39		31db			XORL BX, BX									
  decide.go:274		0x5ffc3b		0f1f440000		NOPL 0(AX)(AX*1)								
  decide.go:274		0x5ffc40		e8fb880000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*entry).hotCounter(SB)	
  decide.go:274		0x5ffc45		488d8c2498020000	LEAQ 0x298(SP), CX								
  decide.go:274		0x5ffc4d		4889e2			MOVQ SP, DX									
  decide.go:274		0x5ffc50		440f1032		MOVUPS 0(DX), X14								
  decide.go:274		0x5ffc54		440f1131		MOVUPS X14, 0(CX)								
  decide.go:274		0x5ffc58		440f107210		MOVUPS 0x10(DX), X14								
  decide.go:274		0x5ffc5d		440f117110		MOVUPS X14, 0x10(CX)								
  decide.go:274		0x5ffc62		440f107220		MOVUPS 0x20(DX), X14								
  decide.go:274		0x5ffc67		440f117120		MOVUPS X14, 0x20(CX)								
  decide.go:274		0x5ffc6c		488b8424d8020000	MOVQ 0x2d8(SP), AX								
  decide.go:274		0x5ffc74		bb01000000		MOVL $0x1, BX									
  decide.go:274		0x5ffc79		e8c2880000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*entry).hotCounter(SB)	
  decide.go:274		0x5ffc7e		488d8c2468020000	LEAQ 0x268(SP), CX								
  decide.go:274		0x5ffc86		4889e2			MOVQ SP, DX									
  decide.go:274		0x5ffc89		440f1032		MOVUPS 0(DX), X14								
  decide.go:274		0x5ffc8d		440f1131		MOVUPS X14, 0(CX)								
  decide.go:274		0x5ffc91		440f107210		MOVUPS 0x10(DX), X14								
  decide.go:274		0x5ffc96		440f117110		MOVUPS X14, 0x10(CX)								
  decide.go:274		0x5ffc9b		440f107220		MOVUPS 0x20(DX), X14								
  decide.go:274		0x5ffca0		440f117120		MOVUPS X14, 0x20(CX)								
  decide.go:274		0x5ffca5		488d842458010000	LEAQ 0x158(SP), AX								
  decide.go:274		0x5ffcad		488db42498020000	LEAQ 0x298(SP), SI								
  decide.go:274		0x5ffcb5		440f1036		MOVUPS 0(SI), X14								
  decide.go:274		0x5ffcb9		440f1130		MOVUPS X14, 0(AX)								
  decide.go:274		0x5ffcbd		440f107610		MOVUPS 0x10(SI), X14								
  decide.go:274		0x5ffcc2		440f117010		MOVUPS X14, 0x10(AX)								
  decide.go:274		0x5ffcc7		440f107620		MOVUPS 0x20(SI), X14								
  decide.go:274		0x5ffccc		440f117020		MOVUPS X14, 0x20(AX)								
  decide.go:274		0x5ffcd1		488db42428010000	LEAQ 0x128(SP), SI								
  decide.go:274		0x5ffcd9		440f1031		MOVUPS 0(CX), X14								
  decide.go:274		0x5ffcdd		440f1136		MOVUPS X14, 0(SI)								
  decide.go:274		0x5ffce1		440f107110		MOVUPS 0x10(CX), X14								
  decide.go:274		0x5ffce6		440f117610		MOVUPS X14, 0x10(SI)								
  decide.go:274		0x5ffceb		440f107120		MOVUPS 0x20(CX), X14								
  decide.go:274		0x5ffcf0		440f117620		MOVUPS X14, 0x20(SI)								
  writers.go:91		0x5ffcf5		4c8b8424c0000000	MOVQ 0xc0(SP), R8								
  writers.go:91		0x5ffcfd		4d85c0			TESTQ R8, R8									
  decide.go:273		0x5ffd00		b901000000		MOVL $0x1, CX									
  decide.go:273		0x5ffd05		4c0f4ec1		CMOVLE CX, R8									
  decide.go:273		0x5ffd09		4c898424b8000000	MOVQ R8, 0xb8(SP)								
  decide.go:275		0x5ffd11		488b9c2448020000	MOVQ 0x248(SP), BX								
  decide.go:275		0x5ffd19		488b8c2428020000	MOVQ 0x228(SP), CX								
  decide.go:275		0x5ffd21		488bbc24a0000000	MOVQ 0xa0(SP), DI								
  decide.go:275		0x5ffd29		488bb42408020000	MOVQ 0x208(SP), SI								
  decide.go:275		0x5ffd31		4c8b8c2450020000	MOVQ 0x250(SP), R9								
  decide.go:275		0x5ffd39		e8228b0000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.shareRoomAt(SB)		
  decide.go:275		0x5ffd3e		48898424e8010000	MOVQ AX, 0x1e8(SP)								
  decide.go:276		0x5ffd46		488d842428010000	LEAQ 0x128(SP), AX								
  decide.go:276		0x5ffd4e		488b9c2438020000	MOVQ 0x238(SP), BX								
  decide.go:276		0x5ffd56		488b8c2410020000	MOVQ 0x210(SP), CX								
  decide.go:276		0x5ffd5e		488bbc2498000000	MOVQ 0x98(SP), DI								
  decide.go:276		0x5ffd66		488bb424f8010000	MOVQ 0x1f8(SP), SI								
  decide.go:276		0x5ffd6e		4c8b8424b8000000	MOVQ 0xb8(SP), R8								
  decide.go:276		0x5ffd76		4c8b8c2450020000	MOVQ 0x250(SP), R9								
  decide.go:276		0x5ffd7e		6690			NOPW										
  decide.go:276		0x5ffd80		e8db8a0000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.shareRoomAt(SB)		
  decide.go:275		0x5ffd85		488b8c24e8010000	MOVQ 0x1e8(SP), CX								
  decide.go:275		0x5ffd8d		4c8b8c2450020000	MOVQ 0x250(SP), R9								
  decide.go:275		0x5ffd95		4c29c9			SUBQ R9, CX									
  decide.go:276		0x5ffd98		4c29c8			SUBQ R9, AX									
  decide.go:275		0x5ffd9b		4c8b942400010000	MOVQ 0x100(SP), R10								
  decide.go:275		0x5ffda3		4c39d1			CMPQ CX, R10									
  decide.go:276		0x5ffda6		4c89d2			MOVQ R10, DX									
  decide.go:276		0x5ffda9		480f4cd1		CMOVL CX, DX									
  decide.go:276		0x5ffdad		4c8ba424f8000000	MOVQ 0xf8(SP), R12								
  decide.go:276		0x5ffdb5		4c39e0			CMPQ AX, R12									
  decide.go:276		0x5ffdb8		4c89e1			MOVQ R12, CX									
  decide.go:276		0x5ffdbb		480f4cc8		CMOVL AX, CX									
  decide.go:304		0x5ffdbf		488b842438030000	MOVQ 0x338(SP), AX								
  decide.go:284		0x5ffdc7		488b9c24d8020000	MOVQ 0x2d8(SP), BX								
  decide.go:283		0x5ffdcf		488bb42428020000	MOVQ 0x228(SP), SI								
  decide.go:283		0x5ffdd7		488bbc24f8010000	MOVQ 0x1f8(SP), DI								
  decide.go:283		0x5ffddf		4c8b842410020000	MOVQ 0x210(SP), R8								
  decide.go:283		0x5ffde7		4c8b8c24f0010000	MOVQ 0x1f0(SP), R9								
  decide.go:283		0x5ffdef		4c8b9c2448020000	MOVQ 0x248(SP), R11								
  decide.go:283		0x5ffdf7		4c8bac2450020000	MOVQ 0x250(SP), R13								
  decide.go:551		0x5ffdff		4d89d7			MOVQ R10, R15									
  decide.go:279		0x5ffe02		4989d2			MOVQ DX, R10									
  decide.go:279		0x5ffe05		4989cc			MOVQ CX, R12									
  decide.go:283		0x5ffe08		488b8c2400020000	MOVQ 0x200(SP), CX								
  decide.go:283		0x5ffe10		488b942408020000	MOVQ 0x208(SP), DX								
  writers.go:91		0x5ffe18		eb03			JMP 0x5ffe1d									
  decide.go:267		0x5ffe1a		4d89d7			MOVQ R10, R15									
  decide.go:280		0x5ffe1d		4d39d4			CMPQ R12, R10									
  decide.go:283		0x5ffe20		4c8bbc24a0000000	MOVQ 0xa0(SP), R15								
  decide.go:283		0x5ffe28		4c8bac2498000000	MOVQ 0x98(SP), R13								
  decide.go:283		0x5ffe30		4d0f4cfd		CMOVL R13, R15									
  decide.go:283		0x5ffe34		4d89d5			MOVQ R10, R13									
  decide.go:283		0x5ffe37		4d0f4cd4		CMOVL R12, R10									
  decide.go:283		0x5ffe3b		480f4cd7		CMOVL DI, DX									
  decide.go:283		0x5ffe3f		490f4cf0		CMOVL R8, SI									
  decide.go:283		0x5ffe43		4c89ff			MOVQ R15, DI									
  decide.go:283		0x5ffe46		4c8bbc24a8010000	MOVQ 0x1a8(SP), R15								
  decide.go:283		0x5ffe4e		4d0f4ccf		CMOVL R15, R9									
  decide.go:283		0x5ffe52		4c8bbc2438020000	MOVQ 0x238(SP), R15								
  decide.go:283		0x5ffe5a		4d89d8			MOVQ R11, R8									
  decide.go:283		0x5ffe5d		4d0f4cdf		CMOVL R15, R11									
  decide.go:283		0x5ffe61		4c8bbc24b0010000	MOVQ 0x1b0(SP), R15								
  decide.go:283		0x5ffe69		490f4ccf		CMOVL R15, CX									
  decide.go:283		0x5ffe6d		4d85ed			TESTQ R13, R13									
  decide.go:280		0x5ffe70		0f8cde030000		JL 0x600254									
  decide.go:283		0x5ffe76		4c8bac2450020000	MOVQ 0x250(SP), R13								
  decide.go:283		0x5ffe7e		4c8bbc2420020000	MOVQ 0x220(SP), R15								
  decide.go:283		0x5ffe86		4d39fd			CMPQ R13, R15									
  decide.go:283		0x5ffe89		0f8fcd030000		JG 0x60025c									
  decide.go:283		0x5ffe8f		4d85e4			TESTQ R12, R12									
  decide.go:283		0x5ffe92		0f8cc4030000		JL 0x60025c									
  decide.go:283		0x5ffe98		4c8ba42418020000	MOVQ 0x218(SP), R12								
  decide.go:283		0x5ffea0		4d39e5			CMPQ R13, R12									
  decide.go:283		0x5ffea3		0f8fb3030000		JG 0x60025c									
  decide.go:283		0x5ffea9		49bcffffffffffffff7f	MOVQ $0x7fffffffffffffff, R12							
  decide.go:283		0x5ffeb3		4d39d4			CMPQ R12, R10									
  decide.go:283		0x5ffeb6		0f8ea0030000		JLE 0x60025c									
  decide.go:283		0x5ffebc		4889b424e0000000	MOVQ SI, 0xe0(SP)								
  decide.go:283		0x5ffec4		48898c2498010000	MOVQ CX, 0x198(SP)								
  decide.go:283		0x5ffecc		4c898c2490010000	MOVQ R9, 0x190(SP)								
  decide.go:283		0x5ffed4		48899424c8000000	MOVQ DX, 0xc8(SP)								
  decide.go:284		0x5ffedc		807b2002		CMPB 0x20(BX), $0x2								
  decide.go:284		0x5ffee0		0f849f000000		JE 0x5fff85									
  decide.go:283		0x5ffee6		4c899c24e8000000	MOVQ R11, 0xe8(SP)								
  decide.go:283		0x5ffeee		4889bc2428020000	MOVQ DI, 0x228(SP)								
  decide.go:283		0x5ffef6		4c89942418010000	MOVQ R10, 0x118(SP)								
  decide.go:285		0x5ffefe		488b942440030000	MOVQ 0x340(SP), DX								
  decide.go:285		0x5fff06		4883c238		ADDQ $0x38, DX									
  decide.go:285		0x5fff0a		4889d8			MOVQ BX, AX									
  decide.go:285		0x5fff0d		4889d3			MOVQ DX, BX									
  decide.go:285		0x5fff10		b902000000		MOVL $0x2, CX									
  decide.go:285		0x5fff15		488bbc24b0000000	MOVQ 0xb0(SP), DI								
  decide.go:285		0x5fff1d		0f1f00			NOPL 0(AX)									
  decide.go:285		0x5fff20		e89b150000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*entry).reserveRest(SB)	
  decide.go:285		0x5fff25		84c0			TESTL AL, AL									
  decide.go:285		0x5fff27		0f84ed020000		JE 0x60021a									
  decide.go:289		0x5fff2d		488b842438030000	MOVQ 0x338(SP), AX								
  decide.go:296		0x5fff35		488b8c2498010000	MOVQ 0x198(SP), CX								
  decide.go:290		0x5fff3d		488b9424c8000000	MOVQ 0xc8(SP), DX								
  entry.go:285		0x5fff45		488b9c24d8020000	MOVQ 0x2d8(SP), BX								
  decide.go:290		0x5fff4d		488bb424e0000000	MOVQ 0xe0(SP), SI								
  window.go:235		0x5fff55		488bbc2428020000	MOVQ 0x228(SP), DI								
  decide.go:548		0x5fff5d		4c8b842448020000	MOVQ 0x248(SP), R8								
  window.go:199		0x5fff65		4c8b8c2490010000	MOVQ 0x190(SP), R9								
  decide.go:290		0x5fff6d		4c8b942418010000	MOVQ 0x118(SP), R10								
  decide.go:290		0x5fff75		4c8b9c24e8000000	MOVQ 0xe8(SP), R11								
  decide.go:290		0x5fff7d		4c8bac2450020000	MOVQ 0x250(SP), R13								
  decide.go:548		0x5fff85		4d85c0			TESTQ R8, R8									
  decide.go:548		0x5fff88		7f0a			JG 0x5fff94									
  decide.go:548		0x5fff8a		b801000000		MOVL $0x1, AX									
  decide.go:289		0x5fff8f		e921010000		JMP 0x6000b5									
  decide.go:289		0x5fff94		440fb6a0a0000000	MOVZX 0xa0(AX), R12								
  decide.go:551		0x5fff9c		4c8bbc2400010000	MOVQ 0x100(SP), R15								
  decide.go:551		0x5fffa4		4d85ff			TESTQ R15, R15									
  decide.go:283		0x5fffa7		4c89c8			MOVQ R9, AX									
  decide.go:551		0x5fffaa		41b900000000		MOVL $0x0, R9									
  decide.go:551		0x5fffb0		4d0f4cf9		CMOVL R9, R15									
  decide.go:551		0x5fffb4		4d39f8			CMPQ R8, R15									
  decide.go:551		0x5fffb7		4d0f4cf8		CMOVL R8, R15									
  decide.go:551		0x5fffbb		4d29f8			SUBQ R15, R8									
  decide.go:552		0x5fffbe		4c8bbc2448020000	MOVQ 0x248(SP), R15								
  decide.go:552		0x5fffc6		48baae47e17a14ae4701	MOVQ $0x147ae147ae147ae, DX							
  decide.go:552		0x5fffd0		4939d7			CMPQ R15, DX									
  decide.go:551		0x5fffd3		7d11			JGE 0x5fffe6									
  decide.go:553		0x5fffd5		4d6bc064		IMULQ $0x64, R8, R8								
  decide.go:553		0x5fffd9		4d0faffc		IMULQ R12, R15									
  decide.go:553		0x5fffdd		4d39f8			CMPQ R8, R15									
  decide.go:553		0x5fffe0		410f9dc0		SETGE R8									
  decide.go:289		0x5fffe4		eb3a			JMP 0x600020									
  decide.go:555		0x5fffe6		48b80bd7a3703d0ad7a3	MOVQ $0xa3d70a3d70a3d70b, AX							
  decide.go:555		0x5ffff0		49f7e7			MULQ R15									
  decide.go:555		0x5ffff3		48c1ea06		SHRQ $0x6, DX									
  decide.go:555		0x5ffff7		4c89c0			MOVQ R8, AX									
  decide.go:555		0x5ffffa		4989d7			MOVQ DX, R15									
  decide.go:555		0x5ffffd		31d2			XORL DX, DX									
  decide.go:555		0x5fffff		49f7f7			DIVQ R15									
  decide.go:555		0x600002		4c39e0			CMPQ AX, R12									
  decide.go:555		0x600005		410f9dc0		SETGE R8									
  window.go:199		0x600009		488b842490010000	MOVQ 0x190(SP), AX								
  window.go:199		0x600011		48baae47e17a14ae4701	MOVQ $0x147ae147ae147ae, DX							
  window.go:199		0x60001b		0f1f440000		NOPL 0(AX)(AX*1)								
  decide.go:289		0x600020		4584c0			TESTL R8, R8									
  decide.go:289		0x600023		7412			JE 0x600037									
  decide.go:290		0x600025		488b9424c8000000	MOVQ 0xc8(SP), DX								
  window.go:199		0x60002d		4989c1			MOVQ AX, R9									
  window.go:199		0x600030		b801000000		MOVL $0x1, AX									
  decide.go:289		0x600035		eb7e			JMP 0x6000b5									
  decide.go:548		0x600037		4c8b842438020000	MOVQ 0x238(SP), R8								
  decide.go:548		0x60003f		90			NOPL										
  decide.go:548		0x600040		4d85c0			TESTQ R8, R8									
  decide.go:548		0x600043		7f07			JG 0x60004c									
  decide.go:548		0x600045		ba01000000		MOVL $0x1, DX									
  decide.go:289		0x60004a		eb5c			JMP 0x6000a8									
  decide.go:551		0x60004c		4c8bbc24f8000000	MOVQ 0xf8(SP), R15								
  decide.go:551		0x600054		4d85ff			TESTQ R15, R15									
  decide.go:551		0x600057		4d0f4cf9		CMOVL R9, R15									
  decide.go:551		0x60005b		4d39f8			CMPQ R8, R15									
  decide.go:551		0x60005e		4d0f4cf8		CMOVL R8, R15									
  decide.go:551		0x600062		4d89c1			MOVQ R8, R9									
  decide.go:551		0x600065		4d29f8			SUBQ R15, R8									
  decide.go:552		0x600068		4939d1			CMPQ R9, DX									
  decide.go:551		0x60006b		7d10			JGE 0x60007d									
  decide.go:553		0x60006d		496bd064		IMULQ $0x64, R8, DX								
  decide.go:553		0x600071		4d0fafe1		IMULQ R9, R12									
  decide.go:553		0x600075		4c39e2			CMPQ DX, R12									
  decide.go:553		0x600078		0f9dc2			SETGE DL									
  decide.go:289		0x60007b		eb2b			JMP 0x6000a8									
  decide.go:283		0x60007d		4889c2			MOVQ AX, DX									
  decide.go:555		0x600080		48b80bd7a3703d0ad7a3	MOVQ $0xa3d70a3d70a3d70b, AX							
  decide.go:283		0x60008a		4989d7			MOVQ DX, R15									
  decide.go:555		0x60008d		49f7e1			MULQ R9										
  decide.go:555		0x600090		48c1ea06		SHRQ $0x6, DX									
  decide.go:555		0x600094		4c89c0			MOVQ R8, AX									
  decide.go:555		0x600097		4989d0			MOVQ DX, R8									
  decide.go:555		0x60009a		31d2			XORL DX, DX									
  decide.go:555		0x60009c		49f7f0			DIVQ R8										
  decide.go:555		0x60009f		4c39e0			CMPQ AX, R12									
  decide.go:555		0x6000a2		0f9dc2			SETGE DL									
  window.go:199		0x6000a5		4c89f8			MOVQ R15, AX									
  window.go:199		0x6000a8		4989c1			MOVQ AX, R9									
  decide.go:289		0x6000ab		89d0			MOVL DX, AX									
  decide.go:290		0x6000ad		488b9424c8000000	MOVQ 0xc8(SP), DX								
  decide.go:289		0x6000b5		84c0			TESTL AL, AL									
  entry.go:284		0x6000b7		740f			JE 0x6000c8									
  entry.go:285		0x6000b9		440fb6431e		MOVZX 0x1e(BX), R8								
  entry.go:285		0x6000be		4183c808		ORL $0x8, R8									
  entry.go:285		0x6000c2		4488431e		MOVB R8, 0x1e(BX)								
  entry.go:285		0x6000c6		eb0d			JMP 0x6000d5									
  entry.go:287		0x6000c8		440fb6431e		MOVZX 0x1e(BX), R8								
  entry.go:287		0x6000cd		4183e0f7		ANDL $-0x9, R8									
  entry.go:287		0x6000d1		4488431e		MOVB R8, 0x1e(BX)								
  decide.go:290		0x6000d5		4c8b842440030000	MOVQ 0x340(SP), R8								
  decide.go:290		0x6000dd		6641c7000101		MOVW $0x101, 0(R8)								
  decide.go:290		0x6000e3		4d895808		MOVQ R11, 0x8(R8)								
  decide.go:290		0x6000e7		49897010		MOVQ SI, 0x10(R8)								
  decide.go:290		0x6000eb		4d895018		MOVQ R10, 0x18(R8)								
  decide.go:290		0x6000ef		4c01ea			ADDQ R13, DX									
  decide.go:290		0x6000f2		49895020		MOVQ DX, 0x20(R8)								
  decide.go:296		0x6000f6		488b942440020000	MOVQ 0x240(SP), DX								
  decide.go:296		0x6000fe		4e8d142a		LEAQ 0(DX)(R13*1), R10								
  window.go:235		0x600102		4885ff			TESTQ DI, DI									
  window.go:235		0x600105		41bc00000000		MOVL $0x0, R12									
  window.go:235		0x60010b		490f4cfc		CMOVL R12, DI									
  window.go:235		0x60010f		4839f7			CMPQ DI, SI									
  window.go:195		0x600112		480f4ffe		CMOVG SI, DI									
  window.go:195		0x600116		4889bc2488010000	MOVQ DI, 0x188(SP)								
  decide.go:292		0x60011e		833d6bde560000		CMPL runtime.writeBarrier(SB), $0x0						
  decide.go:292		0x600125		7416			JE 0x60013d									
  decide.go:292		0x600127		4d8b6038		MOVQ 0x38(R8), R12								
  decide.go:283		0x60012b		4c89d8			MOVQ R11, AX									
  decide.go:292		0x60012e		e84d1ee9ff		CALL runtime.gcWriteBarrier2(SB)						
  decide.go:292		0x600133		49891b			MOVQ BX, 0(R11)									
  decide.go:292		0x600136		4d896308		MOVQ R12, 0x8(R11)								
  decide.go:296		0x60013a		4989c3			MOVQ AX, R11									
  decide.go:292		0x60013d		49895838		MOVQ BX, 0x38(R8)								
  decide.go:292		0x600141		4d896840		MOVQ R13, 0x40(R8)								
  decide.go:293		0x600145		8b542474		MOVL 0x74(SP), DX								
  decide.go:293		0x600149		41895048		MOVL DX, 0x48(R8)								
  decide.go:293		0x60014d		488b942430020000	MOVQ 0x230(SP), DX								
  decide.go:293		0x600155		49895058		MOVQ DX, 0x58(R8)								
  decide.go:294		0x600159		488b9424f0000000	MOVQ 0xf0(SP), DX								
  decide.go:294		0x600161		4189504c		MOVL DX, 0x4c(R8)								
  decide.go:294		0x600165		488b9424a0010000	MOVQ 0x1a0(SP), DX								
  decide.go:294		0x60016d		49895060		MOVQ DX, 0x60(R8)								
  decide.go:295		0x600171		664489531c		MOVW R10, 0x1c(BX)								
  decide.go:296		0x600176		4889d8			MOVQ BX, AX									
  decide.go:296		0x600179		4c89d3			MOVQ R10, BX									
  decide.go:296		0x60017c		4c89d9			MOVQ R11, CX									
  decide.go:296		0x60017f		4889f7			MOVQ SI, DI									
  decide.go:296		0x600182		e859140000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*entry).weigh(SB)	
  decide.go:296		0x600187		488b942440020000	MOVQ 0x240(SP), DX								
  decide.go:296		0x60018f		4829d0			SUBQ DX, AX									
  decide.go:296		0x600192		488b942498010000	MOVQ 0x198(SP), DX								
  decide.go:296		0x60019a		4801c2			ADDQ AX, DX									
  decide.go:296		0x60019d		0f1f00			NOPL 0(AX)									
  window.go:197		0x6001a0		4885d2			TESTQ DX, DX									
  window.go:235		0x6001a3		7e18			JLE 0x6001bd									
  window.go:198		0x6001a5		488b8c24e0000000	MOVQ 0xe0(SP), CX								
  window.go:198		0x6001ad		4801c9			ADDQ CX, CX									
  window.go:198		0x6001b0		488b942488010000	MOVQ 0x188(SP), DX								
  window.go:198		0x6001b8		4829d1			SUBQ DX, CX									
  window.go:103		0x6001bb		eb2c			JMP 0x6001e9									
  window.go:199		0x6001bd		488b8c2490010000	MOVQ 0x190(SP), CX								
  window.go:199		0x6001c5		4885c9			TESTQ CX, CX									
  window.go:199		0x6001c8		7e1d			JLE 0x6001e7									
  window.go:199		0x6001ca		488b8c2488010000	MOVQ 0x188(SP), CX								
  window.go:199		0x6001d2		488b9424e0000000	MOVQ 0xe0(SP), DX								
  window.go:199		0x6001da		4839d1			CMPQ CX, DX									
  window.go:199		0x6001dd		7d08			JGE 0x6001e7									
  window.go:200		0x6001df		4829ca			SUBQ CX, DX									
  decide.go:297		0x6001e2		4889d1			MOVQ DX, CX									
  window.go:103		0x6001e5		eb02			JMP 0x6001e9									
  window.go:103		0x6001e7		31c9			XORL CX, CX									
  decide.go:297		0x6001e9		488b942440030000	MOVQ 0x340(SP), DX								
  decide.go:297		0x6001f1		48894a30		MOVQ CX, 0x30(DX)								
  decide.go:298		0x6001f5		90			NOPL										
  mutex.go:65		0x6001f6		90			NOPL										
  mutex.go:194		0x6001f7		bbffffffff		MOVL $-0x1, BX									
  mutex.go:194		0x6001fc		488b8424d8020000	MOVQ 0x2d8(SP), AX								
  mutex.go:194		0x600204		f00fc118		LOCK XADDL BX, 0(AX)								
  mutex.go:194		0x600208		ffcb			DECL BX										
  mutex.go:195		0x60020a		7405			JE 0x600211									
  mutex.go:198		0x60020c		e8af98e9ff		CALL internal/sync.(*Mutex).unlockSlow(SB)					
  decide.go:299		0x600211		4881c410030000		ADDQ $0x310, SP									
  decide.go:299		0x600218		5d			POPQ BP										
  decide.go:299		0x600219		c3			RET										
  decide.go:304		0x60021a		488b842438030000	MOVQ 0x338(SP), AX								
  decide.go:304		0x600222		488b8c24d0020000	MOVQ 0x2d0(SP), CX								
  decide.go:304		0x60022a		488b9c24d8020000	MOVQ 0x2d8(SP), BX								
  decide.go:304		0x600232		4c8b9c24b0000000	MOVQ 0xb0(SP), R11								
  decide.go:304		0x60023a		4c8ba42450020000	MOVQ 0x250(SP), R12								
  decide.go:304		0x600242		4c8bac24d0000000	MOVQ 0xd0(SP), R13								
  decide.go:304		0x60024a		4c8bbc24c8020000	MOVQ 0x2c8(SP), R15								
  decide.go:286		0x600252		eb73			JMP 0x6002c7									
  decide.go:304		0x600254		4c8bac2450020000	MOVQ 0x250(SP), R13								
  decide.go:304		0x60025c		488b8c24d0020000	MOVQ 0x2d0(SP), CX								
  decide.go:304		0x600264		4c8b9c24b0000000	MOVQ 0xb0(SP), R11								
  decide.go:304		0x60026c		4d89ec			MOVQ R13, R12									
  decide.go:304		0x60026f		4c8bbc24c8020000	MOVQ 0x2c8(SP), R15								
  decide.go:283		0x600277		eb46			JMP 0x6002bf									
  decide.go:304		0x600279		488b842438030000	MOVQ 0x338(SP), AX								
  decide.go:304		0x600281		4c8ba42450020000	MOVQ 0x250(SP), R12								
  decide.go:304		0x600289		4c8bbc24c8020000	MOVQ 0x2c8(SP), R15								
  decide.go:261		0x600291		eb2c			JMP 0x6002bf									
  decide.go:304		0x600293		4c8ba42450020000	MOVQ 0x250(SP), R12								
  decide.go:261		0x60029b		eb22			JMP 0x6002bf									
  decide.go:304		0x60029d		488b842438030000	MOVQ 0x338(SP), AX								
  decide.go:304		0x6002a5		4c8ba42450020000	MOVQ 0x250(SP), R12								
  decide.go:304		0x6002ad		4c8bbc24c8020000	MOVQ 0x2c8(SP), R15								
  decide.go:260		0x6002b5		eb08			JMP 0x6002bf									
  decide.go:304		0x6002b7		4c8ba42450020000	MOVQ 0x250(SP), R12								
  decide.go:304		0x6002bf		4c8bac24d0000000	MOVQ 0xd0(SP), R13								
  decide.go:304		0x6002c7		488b942420030000	MOVQ 0x320(SP), DX								
  decide.go:304		0x6002cf		48891424		MOVQ DX, 0(SP)									
  decide.go:304		0x6002d3		488b942428030000	MOVQ 0x328(SP), DX								
  decide.go:304		0x6002db		4889542408		MOVQ DX, 0x8(SP)								
  decide.go:304		0x6002e0		488b942430030000	MOVQ 0x330(SP), DX								
  decide.go:304		0x6002e8		4889542410		MOVQ DX, 0x10(SP)								
  decide.go:304		0x6002ed		488b942440030000	MOVQ 0x340(SP), DX								
  decide.go:304		0x6002f5		4889542418		MOVQ DX, 0x18(SP)								
  decide.go:304		0x6002fa		4c89ff			MOVQ R15, DI									
  decide.go:304		0x6002fd		4c89ee			MOVQ R13, SI									
  decide.go:304		0x600300		4c8b8424d8000000	MOVQ 0xd8(SP), R8								
  decide.go:304		0x600308		4d89e1			MOVQ R12, R9									
  decide.go:304		0x60030b		440fb6942478030000	MOVZX 0x378(SP), R10								
  decide.go:133		0x600314		4889da			MOVQ BX, DX									
  decide.go:304		0x600317		4889cb			MOVQ CX, BX									
  decide.go:304		0x60031a		4889d1			MOVQ DX, CX									
  decide.go:304		0x60031d		0f1f00			NOPL 0(AX)									
  decide.go:304		0x600320		e8db000000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*Cache).decideLocked(SB)	
  decide.go:305		0x600325		4881c410030000		ADDQ $0x310, SP									
  decide.go:305		0x60032c		5d			POPQ BP										
  decide.go:305		0x60032d		c3			RET										
  window.go:230		0x60032e		e82df1e4ff		CALL runtime.panicoverflow(SB)							
  window.go:230		0x600333		e8c8f0e4ff		CALL runtime.panicdivide(SB)							
  window.go:230		0x600338		e823f1e4ff		CALL runtime.panicoverflow(SB)							
  window.go:230		0x60033d		0f1f00			NOPL 0(AX)									
  window.go:230		0x600340		e8bbf0e4ff		CALL runtime.panicdivide(SB)							
  window.go:230		0x600345		e816f1e4ff		CALL runtime.panicoverflow(SB)							
  window.go:230		0x60034a		e8b1f0e4ff		CALL runtime.panicdivide(SB)							
  decide.go:151		0x60034f		90			NOPL										
  mutex.go:65		0x600350		90			NOPL										
  mutex.go:194		0x600351		b9ffffffff		MOVL $-0x1, CX									
  mutex.go:194		0x600356		f00fc10b		LOCK XADDL CX, 0(BX)								
  mutex.go:194		0x60035a		ffc9			DECL CX										
  mutex.go:195		0x60035c		7513			JNE 0x600371									
  decide.go:152		0x60035e		488d05fb2d1700		LEAQ 0x172dfb(IP), AX								
  decide.go:152		0x600365		488d1df4fa2200		LEAQ 0x22faf4(IP), BX								
  decide.go:152		0x60036c		e8afa2e8ff		CALL runtime.gopanic(SB)							
  mutex.go:198		0x600371		4889d8			MOVQ BX, AX									
  mutex.go:198		0x600374		89cb			MOVL CX, BX									
  mutex.go:198		0x600376		e84597e9ff		CALL internal/sync.(*Mutex).unlockSlow(SB)					
  mutex.go:198		0x60037b		ebe1			JMP 0x60035e									
  decide.go:124		0x60037d		4889442420		MOVQ AX, 0x20(SP)								
  decide.go:124		0x600382		48895c2428		MOVQ BX, 0x28(SP)								
  decide.go:124		0x600387		48894c2430		MOVQ CX, 0x30(SP)								
  decide.go:124		0x60038c		48897c2438		MOVQ DI, 0x38(SP)								
  decide.go:124		0x600391		4889742440		MOVQ SI, 0x40(SP)								
  decide.go:124		0x600396		4c89442448		MOVQ R8, 0x48(SP)								
  decide.go:124		0x60039b		4c894c2450		MOVQ R9, 0x50(SP)								
  decide.go:124		0x6003a0		4c89542458		MOVQ R10, 0x58(SP)								
  decide.go:124		0x6003a5		44885c2460		MOVB R11, 0x60(SP)								
  decide.go:124		0x6003aa		e8d100e9ff		CALL runtime.morestack_noctxt.abi0(SB)						
  decide.go:124		0x6003af		488b442420		MOVQ 0x20(SP), AX								
  decide.go:124		0x6003b4		488b5c2428		MOVQ 0x28(SP), BX								
  decide.go:124		0x6003b9		488b4c2430		MOVQ 0x30(SP), CX								
  decide.go:124		0x6003be		488b7c2438		MOVQ 0x38(SP), DI								
  decide.go:124		0x6003c3		488b742440		MOVQ 0x40(SP), SI								
  decide.go:124		0x6003c8		4c8b442448		MOVQ 0x48(SP), R8								
  decide.go:124		0x6003cd		4c8b4c2450		MOVQ 0x50(SP), R9								
  decide.go:124		0x6003d2		4c8b542458		MOVQ 0x58(SP), R10								
  decide.go:124		0x6003d7		440fb65c2460		MOVZX 0x60(SP), R11								
  decide.go:124		0x6003dd		0f1f00			NOPL 0(AX)									
  decide.go:124		0x6003e0		e9bbe7ffff		JMP github.com/oauth-ratelimit/oauth-ratelimit/cache.(*Cache).ReserveTiers(SB)	

TEXT github.com/oauth-ratelimit/oauth-ratelimit/cache.(*Cache).Commit(SB) /tmp/s30/h153/base/cache/decide.go
  decide.go:577		0x601680		493b6610		CMPQ SP, 0x10(R14)								
  decide.go:577		0x601684		0f864d040000		JBE 0x601ad7									
  decide.go:577		0x60168a		55			PUSHQ BP									
  decide.go:577		0x60168b		4889e5			MOVQ SP, BP									
  decide.go:577		0x60168e		4883ec28		SUBQ $0x28, SP									
  decide.go:578		0x601692		488b13			MOVQ 0(BX), DX									
  decide.go:579		0x601695		4885d2			TESTQ DX, DX									
  decide.go:579		0x601698		0f842d040000		JE 0x601acb									
  decide.go:582		0x60169e		833debc8560000		CMPL runtime.writeBarrier(SB), $0x0						
  decide.go:582		0x6016a5		740b			JE 0x6016b2									
  decide.go:582		0x6016a7		488b33			MOVQ 0(BX), SI									
  decide.go:582		0x6016aa		e8b108e9ff		CALL runtime.gcWriteBarrier1(SB)						
  decide.go:582		0x6016af		498933			MOVQ SI, 0(R11)									
  decide.go:582		0x6016b2		48c70300000000		MOVQ $0x0, 0(BX)								
  decide.go:583		0x6016b9		90			NOPL										
  mutex.go:46		0x6016ba		90			NOPL										
  decide.go:579		0x6016bb		4889c1			MOVQ AX, CX									
  mutex.go:63		0x6016be		31c0			XORL AX, AX									
  mutex.go:63		0x6016c0		be01000000		MOVL $0x1, SI									
  mutex.go:63		0x6016c5		f00fb132		LOCK CMPXCHGL SI, 0(DX)								
  mutex.go:63		0x6016c9		400f94c6		SETE SI										
  mutex.go:63		0x6016cd		4084f6			TESTL SI, SI									
  mutex.go:63		0x6016d0		7526			JNE 0x6016f8									
  decide.go:579		0x6016d2		48894c2420		MOVQ CX, 0x20(SP)								
  decide.go:579		0x6016d7		48895c2440		MOVQ BX, 0x40(SP)								
  decide.go:578		0x6016dc		4889542418		MOVQ DX, 0x18(SP)								
  mutex.go:70		0x6016e1		4889d0			MOVQ DX, AX									
  mutex.go:70		0x6016e4		e8f780e9ff		CALL internal/sync.(*Mutex).lockSlow(SB)					
  decide.go:602		0x6016e9		488b4c2420		MOVQ 0x20(SP), CX								
  decide.go:533		0x6016ee		488b542418		MOVQ 0x18(SP), DX								
  decide.go:585		0x6016f3		488b5c2440		MOVQ 0x40(SP), BX								
  decide.go:533		0x6016f8		0fb67221		MOVZX 0x21(DX), SI								
  decide.go:533		0x6016fc		8d7e01			LEAL 0x1(SI), DI								
  decide.go:537		0x6016ff		440fb6c7		MOVZX DI, R8									
  decide.go:584		0x601703		90			NOPL										
  decide.go:533		0x601704		40887a21		MOVB DI, 0x21(DX)								
  decide.go:537		0x601708		0fb67a22		MOVZX 0x22(DX), DI								
  decide.go:537		0x60170c		4901f8			ADDQ DI, R8									
  decide.go:537		0x60170f		4983f840		CMPQ R8, $0x40									
  decide.go:537		0x601713		7c14			JL 0x601729									
  decide.go:538		0x601715		83c602			ADDL $0x2, SI									
  decide.go:538		0x601718		40d0ee			SHRL $0x1, SI									
  decide.go:538		0x60171b		40887221		MOVB SI, 0x21(DX)								
  decide.go:538		0x60171f		8d7701			LEAL 0x1(DI), SI								
  decide.go:538		0x601722		40d0ee			SHRL $0x1, SI									
  decide.go:538		0x601725		40887222		MOVB SI, 0x22(DX)								
  decide.go:585		0x601729		48837b0800		CMPQ 0x8(BX), $0x0								
  decide.go:585		0x60172e		751d			JNE 0x60174d									
  decide.go:586		0x601730		90			NOPL										
  mutex.go:65		0x601731		90			NOPL										
  mutex.go:194		0x601732		bbffffffff		MOVL $-0x1, BX									
  mutex.go:194		0x601737		f00fc11a		LOCK XADDL BX, 0(DX)								
  mutex.go:194		0x60173b		ffcb			DECL BX										
  mutex.go:195		0x60173d		7408			JE 0x601747									
  mutex.go:198		0x60173f		4889d0			MOVQ DX, AX									
  mutex.go:198		0x601742		e87983e9ff		CALL internal/sync.(*Mutex).unlockSlow(SB)					
  decide.go:587		0x601747		4883c428		ADDQ $0x28, SP									
  decide.go:587		0x60174b		5d			POPQ BP										
  decide.go:587		0x60174c		c3			RET										
  decide.go:602		0x60174d		0fb6721e		MOVZX 0x1e(DX), SI								
  decide.go:602		0x601751		83e603			ANDL $0x3, SI									
  decide.go:602		0x601754		4080fe01		CMPL SI, $0x1									
  decide.go:602		0x601758		0f8554030000		JNE 0x601ab2									
  decide.go:602		0x60175e		80797800		CMPB 0x78(CX), $0x0								
  decide.go:602		0x601762		0f854a030000		JNE 0x601ab2									
  decide.go:603		0x601768		0fb6721f		MOVZX 0x1f(DX), SI								
  sizecode.go:56	0x60176c		83e60f			ANDL $0xf, SI									
  type.go:80		0x60176f		488d34b1		LEAQ 0(CX)(SI*4), SI								
  type.go:80		0x601773		488db6b4000000		LEAQ 0xb4(SI), SI								
  type.go:80		0x60177a		8b36			MOVL 0(SI), SI									
  decide.go:603		0x60177c		8b7b10			MOVL 0x10(BX), DI								
  sizecode.go:56	0x60177f		f7d6			NOTL SI										
  decide.go:603		0x601781		39f7			CMPL DI, SI									
  decide.go:603		0x601783		0f8529030000		JNE 0x601ab2									
  decide.go:604		0x601789		8b720c			MOVL 0xc(DX), SI								
  decide.go:604		0x60178c		4c8b4320		MOVQ 0x20(BX), R8								
  decide.go:637		0x601790		4939f0			CMPQ R8, SI									
  decide.go:637		0x601793		7507			JNE 0x60179c									
  decide.go:637		0x601795		b801000000		MOVL $0x1, AX									
  decide.go:604		0x60179a		eb16			JMP 0x6017b2									
  decide.go:639		0x60179c		4863ff			MOVSXD DI, DI									
  decide.go:639		0x60179f		4829fe			SUBQ DI, SI									
  decide.go:639		0x6017a2		4939f0			CMPQ R8, SI									
  decide.go:639		0x6017a5		7504			JNE 0x6017ab									
  decide.go:639		0x6017a7		31c0			XORL AX, AX									
  decide.go:604		0x6017a9		eb07			JMP 0x6017b2									
  decide.go:604		0x6017ab		48c7c0ffffffff		MOVQ $-0x1, AX									
  decide.go:604		0x6017b2		4885c0			TESTQ AX, AX									
  decide.go:604		0x6017b5		0f8cf7020000		JL 0x601ab2									
  decide.go:606		0x6017bb		8b7314			MOVL 0x14(BX), SI								
  decide.go:606		0x6017be		6690			NOPW										
  decide.go:606		0x6017c0		85f6			TESTL SI, SI									
  decide.go:606		0x6017c2		0f858a000000		JNE 0x601852									
  narrow.go:264		0x6017c8		0fb6721e		MOVZX 0x1e(DX), SI								
  narrow.go:264		0x6017cc		40f6c620		TESTL $0x20, SI									
  narrow.go:264		0x6017d0		7539			JNE 0x60180b									
  decide.go:607		0x6017d2		488b7308		MOVQ 0x8(BX), SI								
  narrow.go:264		0x6017d6		0fb77a1c		MOVZX 0x1c(DX), DI								
  narrow.go:264		0x6017da		4839fe			CMPQ SI, DI									
  narrow.go:264		0x6017dd		772c			JA 0x60180b									
  narrow.go:261		0x6017df		83e001			ANDL $0x1, AX									
  narrow.go:265		0x6017e2		4c8d0482		LEAQ 0(DX)(AX*4), R8								
  narrow.go:265		0x6017e6		4d8d4010		LEAQ 0x10(R8), R8								
  narrow.go:265		0x6017ea		4d6300			MOVSXD 0(R8), R8								
  narrow.go:265		0x6017ed		4901f0			ADDQ SI, R8									
  narrow.go:265		0x6017f0		4981f8ffffff7f		CMPQ R8, $0x7fffffff								
  narrow.go:265		0x6017f7		7f12			JG 0x60180b									
  narrow.go:265		0x6017f9		440fb7444218		MOVZX 0x18(DX)(AX*2), R8							
  narrow.go:265		0x6017ff		4901f0			ADDQ SI, R8									
  narrow.go:265		0x601802		4981f8ffff0000		CMPQ R8, $0xffff								
  narrow.go:265		0x601809		7e04			JLE 0x60180f									
  narrow.go:265		0x60180b		31c0			XORL AX, AX									
  decide.go:607		0x60180d		eb1b			JMP 0x60182a									
  narrow.go:268		0x60180f		29f7			SUBL SI, DI									
  narrow.go:268		0x601811		66897a1c		MOVW DI, 0x1c(DX)								
  narrow.go:269		0x601815		01748210		ADDL SI, 0x10(DX)(AX*4)								
  narrow.go:270		0x601819		0fb77c4218		MOVZX 0x18(DX)(AX*2), DI							
  narrow.go:270		0x60181e		01fe			ADDL DI, SI									
  narrow.go:270		0x601820		6689744218		MOVW SI, 0x18(DX)(AX*2)								
  narrow.go:270		0x601825		b801000000		MOVL $0x1, AX									
  decide.go:607		0x60182a		84c0			TESTL AL, AL									
  decide.go:607		0x60182c		0f8480020000		JE 0x601ab2									
  decide.go:608		0x601832		90			NOPL										
  mutex.go:65		0x601833		90			NOPL										
  mutex.go:194		0x601834		bbffffffff		MOVL $-0x1, BX									
  mutex.go:194		0x601839		f00fc11a		LOCK XADDL BX, 0(DX)								
  mutex.go:194		0x60183d		0f1f00			NOPL 0(AX)									
  mutex.go:194		0x601840		ffcb			DECL BX										
  mutex.go:195		0x601842		7408			JE 0x60184c									
  mutex.go:198		0x601844		4889d0			MOVQ DX, AX									
  mutex.go:198		0x601847		e87482e9ff		CALL internal/sync.(*Mutex).unlockSlow(SB)					
  decide.go:609		0x60184c		4883c428		ADDQ $0x28, SP									
  decide.go:609		0x601850		5d			POPQ BP										
  decide.go:609		0x601851		c3			RET										
  decide.go:611		0x601852		0fb67a20		MOVZX 0x20(DX), DI								
  decide.go:611		0x601856		660f1f840000000000	NOPW 0(AX)(AX*1)								
  decide.go:611		0x60185f		90			NOPL										
  decide.go:611		0x601860		4080ff02		CMPL DI, $0x2									
  decide.go:611		0x601864		0f8248020000		JB 0x601ab2									
  decide.go:611		0x60186a		448b4318		MOVL 0x18(BX), R8								
  decide.go:611		0x60186e		4585c0			TESTL R8, R8									
  decide.go:611		0x601871		0f853a010000		JNE 0x6019b1									
  decide.go:611		0x601877		807a5d00		CMPB 0x5d(DX), $0x0								
  decide.go:611		0x60187b		0f1f440000		NOPL 0(AX)(AX*1)								
  decide.go:611		0x601880		0f8425010000		JE 0x6019ab									
  decide.go:612		0x601886		8b7a70			MOVL 0x70(DX), DI								
  decide.go:612		0x601889		39f7			CMPL DI, SI									
  decide.go:612		0x60188b		0f8521020000		JNE 0x601ab2									
  decide.go:613		0x601891		8b7260			MOVL 0x60(DX), SI								
  decide.go:613		0x601894		4c8b4328		MOVQ 0x28(BX), R8								
  decide.go:637		0x601898		4939f0			CMPQ R8, SI									
  decide.go:637		0x60189b		7507			JNE 0x6018a4									
  decide.go:637		0x60189d		be01000000		MOVL $0x1, SI									
  decide.go:613		0x6018a2		eb1c			JMP 0x6018c0									
  decide.go:639		0x6018a4		4863ff			MOVSXD DI, DI									
  decide.go:639		0x6018a7		4829fe			SUBQ DI, SI									
  decide.go:639		0x6018aa		4939f0			CMPQ R8, SI									
  decide.go:639		0x6018ad		7504			JNE 0x6018b3									
  decide.go:639		0x6018af		31f6			XORL SI, SI									
  decide.go:613		0x6018b1		eb0d			JMP 0x6018c0									
  decide.go:613		0x6018b3		48c7c6ffffffff		MOVQ $-0x1, SI									
  decide.go:613		0x6018ba		660f1f440000		NOPW 0(AX)(AX*1)								
  decide.go:613		0x6018c0		4885f6			TESTQ SI, SI									
  decide.go:613		0x6018c3		0f8c9d000000		JL 0x601966									
  decide.go:613		0x6018c9		488b7b08		MOVQ 0x8(BX), DI								
  narrow.go:290		0x6018cd		4989f0			MOVQ SI, R8									
  narrow.go:290		0x6018d0		83e601			ANDL $0x1, SI									
  narrow.go:291		0x6018d3		4c8d0cb2		LEAQ 0(DX)(SI*4), R9								
  narrow.go:291		0x6018d7		4d8d4964		LEAQ 0x64(R9), R9								
  narrow.go:291		0x6018db		4d6309			MOVSXD 0(R9), R9								
  narrow.go:291		0x6018de		4901f9			ADDQ DI, R9									
  narrow.go:291		0x6018e1		4981f9ffffff7f		CMPQ R9, $0x7fffffff								
  narrow.go:291		0x6018e8		7f78			JG 0x601962									
  narrow.go:291		0x6018ea		0fb774726c		MOVZX 0x6c(DX)(SI*2), SI							
  narrow.go:291		0x6018ef		4801fe			ADDQ DI, SI									
  narrow.go:291		0x6018f2		4881feffff0000		CMPQ SI, $0xffff								
  decide.go:613		0x6018f9		7f61			JG 0x60195c									
  narrow.go:264		0x6018fb		0fb6721e		MOVZX 0x1e(DX), SI								
  narrow.go:264		0x6018ff		90			NOPL										
  narrow.go:264		0x601900		40f6c620		TESTL $0x20, SI									
  narrow.go:264		0x601904		7535			JNE 0x60193b									
  narrow.go:264		0x601906		0fb7721c		MOVZX 0x1c(DX), SI								
  narrow.go:264		0x60190a		4839f7			CMPQ DI, SI									
  narrow.go:264		0x60190d		772c			JA 0x60193b									
  narrow.go:261		0x60190f		83e001			ANDL $0x1, AX									
  narrow.go:265		0x601912		4c8d0c82		LEAQ 0(DX)(AX*4), R9								
  narrow.go:265		0x601916		4d8d4910		LEAQ 0x10(R9), R9								
  narrow.go:265		0x60191a		4d6309			MOVSXD 0(R9), R9								
  narrow.go:265		0x60191d		4901f9			ADDQ DI, R9									
  narrow.go:265		0x601920		4981f9ffffff7f		CMPQ R9, $0x7fffffff								
  narrow.go:265		0x601927		7f12			JG 0x60193b									
  narrow.go:265		0x601929		440fb74c4218		MOVZX 0x18(DX)(AX*2), R9							
  narrow.go:265		0x60192f		4901f9			ADDQ DI, R9									
  narrow.go:265		0x601932		4981f9ffff0000		CMPQ R9, $0xffff								
  narrow.go:265		0x601939		7e04			JLE 0x60193f									
  narrow.go:265		0x60193b		31c0			XORL AX, AX									
  decide.go:613		0x60193d		eb2c			JMP 0x60196b									
  narrow.go:268		0x60193f		29fe			SUBL DI, SI									
  narrow.go:268		0x601941		6689721c		MOVW SI, 0x1c(DX)								
  narrow.go:269		0x601945		017c8210		ADDL DI, 0x10(DX)(AX*4)								
  narrow.go:270		0x601949		0fb7744218		MOVZX 0x18(DX)(AX*2), SI							
  narrow.go:270		0x60194e		01fe			ADDL DI, SI									
  narrow.go:270		0x601950		6689744218		MOVW SI, 0x18(DX)(AX*2)								
  narrow.go:270		0x601955		b801000000		MOVL $0x1, AX									
  decide.go:613		0x60195a		eb0f			JMP 0x60196b									
  decide.go:613		0x60195c		31c0			XORL AX, AX									
  decide.go:613		0x60195e		6690			NOPW										
  decide.go:613		0x601960		eb09			JMP 0x60196b									
  decide.go:613		0x601962		31c0			XORL AX, AX									
  narrow.go:291		0x601964		eb05			JMP 0x60196b									
  narrow.go:296		0x601966		4989f0			MOVQ SI, R8									
  narrow.go:296		0x601969		31c0			XORL AX, AX									
  decide.go:613		0x60196b		84c0			TESTL AL, AL									
  decide.go:613		0x60196d		0f843f010000		JE 0x601ab2									
  decide.go:614		0x601973		488b4b08		MOVQ 0x8(BX), CX								
  narrow.go:296		0x601977		4183e001		ANDL $0x1, R8									
  narrow.go:297		0x60197b		42014c8264		ADDL CX, 0x64(DX)(R8*4)								
  narrow.go:298		0x601980		420fb774426c		MOVZX 0x6c(DX)(R8*2), SI							
  narrow.go:298		0x601986		01f1			ADDL SI, CX									
  narrow.go:298		0x601988		6642894c426c		MOVW CX, 0x6c(DX)(R8*2)								
  decide.go:615		0x60198e		90			NOPL										
  mutex.go:65		0x60198f		90			NOPL										
  mutex.go:194		0x601990		bbffffffff		MOVL $-0x1, BX									
  mutex.go:194		0x601995		f00fc11a		LOCK XADDL BX, 0(DX)								
  mutex.go:194		0x601999		ffcb			DECL BX										
  mutex.go:195		0x60199b		7408			JE 0x6019a5									
  mutex.go:198		0x60199d		4889d0			MOVQ DX, AX									
  mutex.go:198		0x6019a0		e81b81e9ff		CALL internal/sync.(*Mutex).unlockSlow(SB)					
  decide.go:616		0x6019a5		4883c428		ADDQ $0x28, SP									
  decide.go:616		0x6019a9		5d			POPQ BP										
  decide.go:616		0x6019aa		c3			RET										
  decide.go:611		0x6019ab		4080ff02		CMPL DI, $0x2									
  decide.go:611		0x6019af		eb04			JMP 0x6019b5									
  decide.go:611		0x6019b1		4080ff02		CMPL DI, $0x2									
  decide.go:619		0x6019b5		0f82f7000000		JB 0x601ab2									
  decide.go:619		0x6019bb		0f1f440000		NOPL 0(AX)(AX*1)								
  decide.go:611		0x6019c0		4585c0			TESTL R8, R8									
  decide.go:619		0x6019c3		0f85e9000000		JNE 0x601ab2									
  decide.go:620		0x6019c9		488b7a48		MOVQ 0x48(DX), DI								
  decide.go:620		0x6019cd		448b07			MOVL 0(DI), R8									
  decide.go:620		0x6019d0		4139f0			CMPL R8, SI									
  decide.go:620		0x6019d3		0f85d9000000		JNE 0x601ab2									
  decide.go:621		0x6019d9		488b7328		MOVQ 0x28(BX), SI								
  counter.go:83		0x6019dd		4c8b4f08		MOVQ 0x8(DI), R9								
  counter.go:83		0x6019e1		4939f1			CMPQ R9, SI									
  counter.go:83		0x6019e4		7507			JNE 0x6019ed									
  counter.go:83		0x6019e6		be01000000		MOVL $0x1, SI									
  decide.go:621		0x6019eb		eb16			JMP 0x601a03									
  counter.go:85		0x6019ed		4d63c0			MOVSXD R8, R8									
  counter.go:85		0x6019f0		4d29c1			SUBQ R8, R9									
  counter.go:85		0x6019f3		4c39ce			CMPQ SI, R9									
  counter.go:85		0x6019f6		7504			JNE 0x6019fc									
  counter.go:85		0x6019f8		31f6			XORL SI, SI									
  decide.go:621		0x6019fa		eb07			JMP 0x601a03									
  decide.go:621		0x6019fc		48c7c6ffffffff		MOVQ $-0x1, SI									
  decide.go:621		0x601a03		4885f6			TESTQ SI, SI									
  decide.go:621		0x601a06		7c70			JL 0x601a78									
  narrow.go:264		0x601a08		440fb6421e		MOVZX 0x1e(DX), R8								
  narrow.go:264		0x601a0d		41f6c020		TESTL $0x20, R8									
  narrow.go:264		0x601a11		753e			JNE 0x601a51									
  decide.go:621		0x601a13		4c8b4308		MOVQ 0x8(BX), R8								
  narrow.go:264		0x601a17		440fb74a1c		MOVZX 0x1c(DX), R9								
  narrow.go:264		0x601a1c		0f1f4000		NOPL 0(AX)									
  narrow.go:264		0x601a20		4d39c8			CMPQ R8, R9									
  narrow.go:264		0x601a23		772c			JA 0x601a51									
  narrow.go:261		0x601a25		83e001			ANDL $0x1, AX									
  narrow.go:265		0x601a28		4c8d1482		LEAQ 0(DX)(AX*4), R10								
  narrow.go:265		0x601a2c		4d8d5210		LEAQ 0x10(R10), R10								
  narrow.go:265		0x601a30		4d6312			MOVSXD 0(R10), R10								
  narrow.go:265		0x601a33		4d01c2			ADDQ R8, R10									
  narrow.go:265		0x601a36		4981faffffff7f		CMPQ R10, $0x7fffffff								
  narrow.go:265		0x601a3d		7f12			JG 0x601a51									
  narrow.go:265		0x601a3f		440fb7544218		MOVZX 0x18(DX)(AX*2), R10							
  narrow.go:265		0x601a45		4d01c2			ADDQ R8, R10									
  narrow.go:265		0x601a48		4981faffff0000		CMPQ R10, $0xffff								
  narrow.go:265		0x601a4f		7e04			JLE 0x601a55									
  narrow.go:265		0x601a51		31c0			XORL AX, AX									
  decide.go:621		0x601a53		eb25			JMP 0x601a7a									
  narrow.go:268		0x601a55		4529c1			SUBL R8, R9									
  narrow.go:268		0x601a58		6644894a1c		MOVW R9, 0x1c(DX)								
  narrow.go:269		0x601a5d		4401448210		ADDL R8, 0x10(DX)(AX*4)								
  narrow.go:270		0x601a62		440fb74c4218		MOVZX 0x18(DX)(AX*2), R9							
  narrow.go:270		0x601a68		4501c8			ADDL R9, R8									
  narrow.go:270		0x601a6b		664489444218		MOVW R8, 0x18(DX)(AX*2)								
  narrow.go:270		0x601a71		b801000000		MOVL $0x1, AX									
  decide.go:621		0x601a76		eb02			JMP 0x601a7a									
  decide.go:621		0x601a78		31c0			XORL AX, AX									
  decide.go:621		0x601a7a		84c0			TESTL AL, AL									
  decide.go:621		0x601a7c		7434			JE 0x601ab2									
  decide.go:621		0x601a7e		6690			NOPW										
  counter.go:42		0x601a80		4883fe02		CMPQ SI, $0x2									
  counter.go:42		0x601a84		734b			JAE 0x601ad1									
  decide.go:622		0x601a86		488b4b08		MOVQ 0x8(BX), CX								
  counter.go:42		0x601a8a		48014cf720		ADDQ CX, 0x20(DI)(SI*8)								
  counter.go:43		0x601a8f		48014cf710		ADDQ CX, 0x10(DI)(SI*8)								
  decide.go:623		0x601a94		90			NOPL										
  mutex.go:65		0x601a95		90			NOPL										
  mutex.go:194		0x601a96		bbffffffff		MOVL $-0x1, BX									
  mutex.go:194		0x601a9b		f00fc11a		LOCK XADDL BX, 0(DX)								
  mutex.go:194		0x601a9f		90			NOPL										
  mutex.go:194		0x601aa0		ffcb			DECL BX										
  mutex.go:195		0x601aa2		7408			JE 0x601aac									
  mutex.go:198		0x601aa4		4889d0			MOVQ DX, AX									
  mutex.go:198		0x601aa7		e81480e9ff		CALL internal/sync.(*Mutex).unlockSlow(SB)					
  decide.go:624		0x601aac		4883c428		ADDQ $0x28, SP									
  decide.go:624		0x601ab0		5d			POPQ BP										
  decide.go:624		0x601ab1		c3			RET										
  decide.go:631		0x601ab2		4889c8			MOVQ CX, AX									
  decide.go:631		0x601ab5		4889d9			MOVQ BX, CX									
  decide.go:631		0x601ab8		4889d3			MOVQ DX, BX									
  decide.go:631		0x601abb		0f1f440000		NOPL 0(AX)(AX*1)								
  decide.go:631		0x601ac0		e83b000000		CALL github.com/oauth-ratelimit/oauth-ratelimit/cache.(*Cache).commitLocked(SB)	
  decide.go:632		0x601ac5		4883c428		ADDQ $0x28, SP									
  decide.go:632		0x601ac9		5d			POPQ BP										
  decide.go:632		0x601aca		c3			RET										
  decide.go:580		0x601acb		4883c428		ADDQ $0x28, SP									
  decide.go:580		0x601acf		5d			POPQ BP										
  decide.go:580		0x601ad0		c3			RET										
  counter.go:42		0x601ad1		e84a08e9ff		CALL runtime.panicBounds(SB)							
  counter.go:42		0x601ad6		90			NOPL										
  decide.go:577		0x601ad7		4889442408		MOVQ AX, 0x8(SP)								
  decide.go:577		0x601adc		48895c2410		MOVQ BX, 0x10(SP)								
  decide.go:577		0x601ae1		e89ae9e8ff		CALL runtime.morestack_noctxt.abi0(SB)						
  decide.go:577		0x601ae6		488b442408		MOVQ 0x8(SP), AX								
  decide.go:577		0x601aeb		488b5c2410		MOVQ 0x10(SP), BX								
  decide.go:577		0x601af0		e98bfbffff		JMP github.com/oauth-ratelimit/oauth-ratelimit/cache.(*Cache).Commit(SB)	
